/**
 * The charts load on demand, in a chunk of their own (recharts is most of /admin's weight): the cards,
 * tables and figures show while it arrives.
 */
import { lazy, Suspense, type ComponentType } from "react";
import { Spinner } from "@/components/ui/spinner";
import { CHART_HEIGHT, type ChartPoint, type TrendPoint } from "./chart-data";

type Charts = typeof import("./charts");
const load = () => import("./charts");

function lazyChart<P extends object>(pick: (charts: Charts) => ComponentType<P>) {
  const Chart = lazy(async () => ({ default: pick(await load()) }));
  return function LazyChart(props: P) {
    return (
      <Suspense
        fallback={
          <div className="flex items-center justify-center" style={{ height: CHART_HEIGHT }}>
            <Spinner label="Loading chart" />
          </div>
        }
      >
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const UserGrowthChart = lazyChart<{ points: ChartPoint[] }>((c) => c.UserGrowthChart);
export const GenerationTrendsChart = lazyChart<{ points: TrendPoint[] }>((c) => c.GenerationTrendsChart);
export const SubscriptionDistributionChart = lazyChart<{ points: ChartPoint[] }>((c) => c.SubscriptionDistributionChart);
export const RevenueByPlanChart = lazyChart<{ points: ChartPoint[] }>((c) => c.RevenueByPlanChart);
