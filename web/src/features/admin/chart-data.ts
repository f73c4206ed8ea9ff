/** API figures → SPEC §3 chart points ({name, value}; for the success chart {name, successful, failed}). */
import { PLANS } from "@/lib/domain";

/** SPEC §9: every chart is 100% wide and 300 px high. */
export const CHART_HEIGHT = 300;

export interface ChartPoint {
  name: string;
  value: number;
}

export interface TrendPoint {
  name: string;
  successful: number;
  failed: number;
}

/** "2026-03" (or an ISO date in that month) → "Mar 2026". */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  if (!m) return month;
  return new Date(Number(m[1]), Number(m[2]) - 1, 1).toLocaleDateString("en-US", { month: "short", year: "numeric" });
}

/** "2026-11-24" (or an ISO date-time on that day) → "Nov 24". */
export function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return day;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString("en-US", { month: "short", day: "numeric" });
}

/** "monthly" → "Monthly"; "free" → "Free"; anything else as it came. */
export function planLabel(planType: string): string {
  const plan = PLANS.find((p) => p.id === planType);
  if (plan) return plan.name;
  return planType ? planType.charAt(0).toUpperCase() + planType.slice(1) : planType;
}

export function cohortPoints(cohorts: readonly { month: string; count: number }[]): ChartPoint[] {
  return cohorts.map((c) => ({ name: monthLabel(c.month), value: c.count }));
}

export function trendPoints(days: readonly { date: string; successful: number; failed: number }[]): TrendPoint[] {
  return days.map((d) => ({ name: dayLabel(d.date), successful: d.successful, failed: d.failed }));
}

export function planCountPoints(rows: readonly { planType: string; count: number }[]): ChartPoint[] {
  return rows.map((r) => ({ name: planLabel(r.planType), value: r.count }));
}

export function revenuePoints(rows: readonly { planType: string; revenue: number }[]): ChartPoint[] {
  return rows.map((r) => ({ name: planLabel(r.planType), value: r.revenue }));
}
