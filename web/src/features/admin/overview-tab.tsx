import { useGenerationAnalytics } from "./api/get-generation-analytics";
import { useProfit30d } from "./api/get-profit-30d";
import { useProfitMrr } from "./api/get-profit-mrr";
import { useUserAnalytics } from "./api/get-user-analytics";
import { useUsersByPlan } from "./api/get-users-by-plan";
import { cohortPoints, planCountPoints, trendPoints } from "./chart-data";
import { GenerationTrendsChart, SubscriptionDistributionChart, UserGrowthChart } from "./lazy-charts";
import { Panel, QueryState } from "./figure";
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
      <Panel title="User Growth" description="Sign-ups per month">
        <QueryState query={users} label="user growth">
          {(u) => <UserGrowthChart points={cohortPoints(u.cohorts)} />}
        </QueryState>
      </Panel>
      <Panel title="Generation Trends" description="Successful and failed generations, last 30 days">
        <QueryState query={generations} label="generation trends">
          {(g) => <GenerationTrendsChart points={trendPoints(g.daily)} />}
        </QueryState>
      </Panel>
      <Panel title="Subscription Distribution" description="Users by plan type">
        <QueryState query={byPlan} label="subscription distribution">
          {(rows) => <SubscriptionDistributionChart points={planCountPoints(rows)} />}
        </QueryState>
      </Panel>
      <div className="grid content-start gap-4">
        <Panel title="Net Profit (Last 30d)" description="Revenue minus generation cost">
          <QueryState query={profit30d} label="net profit">
            {(p) => (
              <Profit cents={p.profitCents} detail={`${formatEuroCents(p.revenueCents)} revenue − ${formatEuroCents(p.costCents)} cost`} />
            )}
          </QueryState>
        </Panel>
        <Panel title="Net Profit (MRR)" description="MRR minus estimated monthly cost">
          <QueryState query={profitMrr} label="net profit against MRR">
            {(p) => (
              <Profit
                cents={p.profitCents}
                detail={`${formatEuroCents(p.mrrCents)} MRR − ${formatEuroCents(p.estMonthlyCostCents)} est. monthly cost`}
              />
            )}
          </QueryState>
        </Panel>
      </div>
    </div>
  );
}
