import { useGenerationAnalytics } from "./api/get-generation-analytics";
import { useProfit30d } from "./api/get-profit-30d";
import { useProfitMrr } from "./api/get-profit-mrr";
import { useUserAnalytics } from "./api/get-user-analytics";
import { useUsersByPlan } from "./api/get-users-by-plan";
import { cohortPoints, planCountPoints, trendPoints } from "./chart-data";
import { GenerationTrendsChart, SubscriptionDistributionChart, UserGrowthChart } from "./lazy-charts";
import { QueryPanel } from "./figure";
import { formatEuroCents } from "./format";

function Profit({ cents, detail }: { cents: number; detail: string }) {
  return (
    <div className="grid gap-1">
      <p className={`text-2xl font-bold tabular-nums ${cents < 0 ? "text-destructive" : ""}`}>{formatEuroCents(cents)}</p>
      <p className="text-sm text-muted-foreground">{detail}</p>
    </div>
  );
}

/** SPEC §2 Overview: User Growth, Generation Trends, Subscription Distribution and the two Net Profit cards. */
export function OverviewTab() {
  const users = useUserAnalytics();
  const generations = useGenerationAnalytics();
  const byPlan = useUsersByPlan();
  const profit30d = useProfit30d();
  const profitMrr = useProfitMrr();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <QueryPanel title="User Growth" description="Sign-ups per month" query={users}>
        {(u) => <UserGrowthChart points={cohortPoints(u.cohorts)} />}
      </QueryPanel>
      <QueryPanel title="Generation Trends" description="Successful and failed generations, last 30 days" query={generations}>
        {(g) => <GenerationTrendsChart points={trendPoints(g.daily)} />}
      </QueryPanel>
      <QueryPanel title="Subscription Distribution" description="Users by plan type" query={byPlan}>
        {(rows) => <SubscriptionDistributionChart points={planCountPoints(rows)} />}
      </QueryPanel>
      <div className="grid content-start gap-4">
        <QueryPanel title="Net Profit (Last 30d)" description="Revenue minus generation cost" query={profit30d} label="net profit">
          {(p) => (
            <Profit cents={p.profitCents} detail={`${formatEuroCents(p.revenueCents)} revenue − ${formatEuroCents(p.costCents)} cost`} />
          )}
        </QueryPanel>
        <QueryPanel
          title="Net Profit (MRR)"
          description="MRR minus estimated monthly cost"
          query={profitMrr}
          label="net profit against MRR"
        >
          {(p) => (
            <Profit
              cents={p.profitCents}
              detail={`${formatEuroCents(p.mrrCents)} MRR − ${formatEuroCents(p.estMonthlyCostCents)} est. monthly cost`}
            />
          )}
        </QueryPanel>
      </div>
    </div>
  );
}
