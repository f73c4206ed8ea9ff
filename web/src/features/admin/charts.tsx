/**
 * The admin charts (SPEC §9): 100% wide, 300 high; lines purple, green (successful) and orange (failed);
 * pie tooltips labelled 'Users', slices cycling through four colours, outer radius 80, percentage labels;
 * bar tooltip 'Revenue' as money (cents / 100, two decimals, euro). Each chart also carries its figures
 * as a visually hidden table, so a screen reader gets the numbers the picture shows.
 */
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type PieLabelRenderProps,
} from "recharts";
import { CHART_HEIGHT, type ChartPoint, type TrendPoint } from "./chart-data";
import { formatEuroCents } from "./format";

export const LINE_PURPLE = "#8b5cf6";
export const LINE_GREEN = "#16a34a";
export const LINE_ORANGE = "#f97316";
export const PIE_COLOURS = ["#8b5cf6", "#16a34a", "#f59e0b", "#3b82f6"] as const;
export const PIE_OUTER_RADIUS = 80;

const axis = { fontSize: 12, tickLine: false, stroke: "var(--color-muted-foreground)" } as const;

function Figure({
  label,
  empty,
  emptyText = "No data yet",
  table,
  children,
}: {
  label: string;
  empty: boolean;
  emptyText?: string;
  table: ReactNode;
  children: ReactNode;
}) {
  if (empty) {
    return (
      <p
        className="flex items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground"
        style={{ height: CHART_HEIGHT }}
      >
        {emptyText}
      </p>
    );
  }
  return (
    <figure aria-label={label} className="m-0">
      {/* The picture is for the eyes; the table below carries the same figures for screen readers. */}
      <div aria-hidden="true" style={{ width: "100%", height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        {table}
      </table>
    </figure>
  );
}

function SimpleTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {c}
                </th>
              ) : (
                <td key={j}>{c}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** User Growth: users per sign-up month, one purple line. */
export function UserGrowthChart({ points }: { points: ChartPoint[] }) {
  return (
    <Figure
      label="User Growth"
      empty={points.length === 0}
      table={<SimpleTable head={["Month", "Users"]} rows={points.map((p) => [p.name, p.value])} />}
    >
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" {...axis} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip formatter={(v) => [v, "Users"]} />
        <Line type="monotone" dataKey="value" name="Users" stroke={LINE_PURPLE} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </Figure>
  );
}

/** Generation Trends: successful (green) against failed (orange) per day, last 30 days. */
export function GenerationTrendsChart({ points }: { points: TrendPoint[] }) {
  return (
    <Figure
      label="Generation Trends"
      empty={points.length === 0}
      table={<SimpleTable head={["Day", "Successful", "Failed"]} rows={points.map((p) => [p.name, p.successful, p.failed])} />}
    >
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="successful"
          name="Successful"
          stroke={LINE_GREEN}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line type="monotone" dataKey="failed" name="Failed" stroke={LINE_ORANGE} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </Figure>
  );
}

/** Subscription Distribution: users by plan type as a pie with percentage labels. */
export function SubscriptionDistributionChart({ points }: { points: ChartPoint[] }) {
  const total = points.reduce((s, p) => s + p.value, 0);
  const slices = points.filter((p) => p.value > 0); // a 0% slice has no area, only a label in the way
  return (
    <Figure
      label="Subscription Distribution"
      empty={total === 0}
      table={<SimpleTable head={["Plan", "Users"]} rows={points.map((p) => [p.name, p.value])} />}
    >
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          cx="50%"
          cy="50%"
          outerRadius={PIE_OUTER_RADIUS}
          label={PercentLabel}
          labelLine={false}
          rootTabIndex={-1}
          isAnimationActive={false}
        >
          {slices.map((p) => (
            <Cell key={p.name} fill={PIE_COLOURS[points.indexOf(p) % PIE_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => [v, "Users"]} />
        <Legend />
      </PieChart>
    </Figure>
  );
}

/** The slice's share written inside it (outside labels would be cut off on a phone); none under 5%. */
function PercentLabel({ cx, cy, midAngle, outerRadius, percent }: PieLabelRenderProps) {
  const share = Number(percent ?? 0);
  if (share < 0.05) return null;
  const r = Number(outerRadius) * (share === 1 ? 0 : 0.6);
  const angle = (-Number(midAngle ?? 0) * Math.PI) / 180;
  return (
    <text
      x={Number(cx) + r * Math.cos(angle)}
      y={Number(cy) + r * Math.sin(angle)}
      fill="#fff"
      fontSize={12}
      fontWeight={600}
      textAnchor="middle"
      dominantBaseline="central"
    >
      {`${Math.round(share * 100)}%`}
    </text>
  );
}

/** Revenue by Plan: one bar per plan; the tooltip shows the money as 'Revenue'. */
export function RevenueByPlanChart({ points }: { points: ChartPoint[] }) {
  return (
    <Figure
      label="Revenue by Plan"
      empty={points.every((p) => p.value === 0)}
      emptyText="No revenue in this period"
      table={<SimpleTable head={["Plan", "Revenue"]} rows={points.map((p) => [p.name, formatEuroCents(p.value)])} />}
    >
      <BarChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" {...axis} />
        <YAxis {...axis} tickFormatter={(v: number) => formatEuroCents(v).replace(/\.00$/, "")} width={72} />
        <Tooltip formatter={(v) => [formatEuroCents(Number(v)), "Revenue"]} />
        <Bar dataKey="value" name="Revenue" fill={LINE_PURPLE} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}
