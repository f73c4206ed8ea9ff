import { useMemo, useState } from "react";
import { FINANCIALS_CSV_FILENAME, useExportFinancialsCsv } from "./api/export-financials-csv";
import { useChurn } from "./api/get-churn";
import { useRevenueByPlan } from "./api/get-revenue-by-plan";
import type { AdminStats } from "./api/get-stats";
import { revenuePoints } from "./chart-data";
import { RevenueByPlanChart } from "./lazy-charts";
import { rangeLabel, rangeQuery, type DayRange } from "./date-range";
import { DateRangePicker } from "./date-range-picker";
import { Figures, Panel, QueryPanel, queryFigure } from "./figure";
import { formatCount, formatRate } from "./format";
import { useRecurringRevenueRows } from "./recurring-revenue";
import { ExportCsvButton } from "./export-csv-button";
import { PriceChangesPanel } from "./price-changes-panel";

/**
 * SPEC §2 Financials: the date range, Export CSV, Revenue by Plan and the Financial Metrics card; then
 * the price changes (issue 22, decision 093), which are about money too.
 */
export function FinancialsTab({ stats }: { stats: AdminStats }) {
  const [range, setRange] = useState<DayRange>({});
  const period = useMemo(() => rangeQuery(range), [range]);
  const revenue = useRevenueByPlan(period);
  const churn = useChurn(period);
  const recurringRevenue = useRecurringRevenueRows();
  const exportCsv = useExportFinancialsCsv();
  const hasRange = Boolean(range.from || range.to);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <DateRangePicker value={range} onChange={setRange} />
        <ExportCsvButton
          className="self-start sm:self-auto"
          download={() => exportCsv.mutateAsync(period)}
          pending={exportCsv.isPending}
          filename={FINANCIALS_CSV_FILENAME}
          what="Financial data"
        />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[2fr_1fr]">
        <QueryPanel
          title="Revenue by Plan"
          description={hasRange ? rangeLabel(range) : "All time, paid invoices minus refunds"}
          query={revenue}
        >
          {(rows) => <RevenueByPlanChart points={revenuePoints(rows)} />}
        </QueryPanel>
        <Panel title="Financial Metrics" description={hasRange ? `Churn: ${rangeLabel(range)}` : "Churn over the last 30 days"}>
          <Figures
            rows={[
              ...recurringRevenue,
              queryFigure("Churn Rate", churn, "churn", (c) => formatRate(c.churnRate)),
              queryFigure("Cancellations", churn, "cancellations", (c) => formatCount(c.cancellations)),
              ["Active Subscriptions", formatCount(stats.activeSubscriptions)],
            ]}
          />
        </Panel>
      </div>
      <PriceChangesPanel />
    </div>
  );
}
