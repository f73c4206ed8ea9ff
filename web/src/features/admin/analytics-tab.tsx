import { useChurn } from "./api/get-churn";
import { useGenerationAnalytics } from "./api/get-generation-analytics";
import { useUserAnalytics } from "./api/get-user-analytics";
import { Figures, Panel, QueryState } from "./figure";
import { LikenessCard } from "./likeness-card";
import { ShootsCard } from "./shoots-card";
import { RefinesCard } from "./refines-card";
import { useRecurringRevenueRows } from "./recurring-revenue";
import { formatCount, formatRate, successRatePercent, wholeSeconds } from "./format";

/** SPEC §2 Analytics: User Analytics and Revenue Analytics (churn over the last 30 days), and likeness by style (issue 26). */
export function AnalyticsTab() {
  const users = useUserAnalytics();
  const generations = useGenerationAnalytics();
  const recurringRevenue = useRecurringRevenueRows();
  const churn = useChurn({});
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Panel title="User Analytics" description="Sign-ups (new: the last 30 days) and generations">
        <div className="grid gap-4">
          <QueryState query={users} label="user analytics">
            {(u) => (
              <Figures
                rows={[
                  ["Total Users", formatCount(u.total)],
                  ["New This Period", formatCount(u.new)],
                ]}
              />
            )}
          </QueryState>
          <h4 className="text-sm font-semibold">Generation Stats</h4>
          <QueryState query={generations} label="generation stats">
            {(g) => (
              <Figures
                rows={[
                  ["Total", formatCount(g.total)],
                  ["Successful", formatCount(g.successful)],
                  ["Failed", formatCount(g.failed)],
                  ["Success Rate", `${successRatePercent(g.successful, g.total)}%`],
                  ["Average Time", `${wholeSeconds(g.avgTimeMs)}s`],
                ]}
              />
            )}
          </QueryState>
        </div>
      </Panel>
      <Panel title="Revenue Analytics" description="Recurring revenue and churn over the last 30 days">
        <div className="grid gap-4">
          <Figures rows={recurringRevenue} />
          <QueryState query={churn} label="churn">
            {(c) => (
              <Figures
                rows={[
                  ["Churn Rate", formatRate(c.churnRate)],
                  ["Cancellations", formatCount(c.cancellations)],
                  ["Active at Start", formatCount(c.activeAtStart)],
                ]}
              />
            )}
          </QueryState>
        </div>
      </Panel>
      <LikenessCard />
      <ShootsCard />
      <RefinesCard />
    </div>
  );
}
