/** The financials date filter (SPEC §2, §3 "Date filter: from, to"; §5: from and to, clearing sets both empty). */
import { formatDay } from "./format";

/** The `from`/`to` query of the financial endpoints (ISO date-times, either may be absent). */
export interface PeriodQuery {
  from?: string;
  to?: string;
}

export interface DayRange {
  from?: Date;
  to?: Date;
}

/** The picker's button text: the placeholder, both days, or a partial range as 'From …' / 'Until …'. */
export function rangeLabel(range: DayRange): string {
  if (range.from && range.to) return `${formatDay(range.from)} - ${formatDay(range.to)}`;
  if (range.from) return `From ${formatDay(range.from)}`;
  if (range.to) return `Until ${formatDay(range.to)}`;
  return "Select date range";
}

/**
 * A click on a day: the first click starts a partial range ('From …'), the second closes it (in either
 * order, the same day allowed for a one-day range), a third starts over.
 */
export function pickDay(range: DayRange, day: Date): DayRange {
  const { from, to } = range;
  if (from && !to) return day < from ? { from: day, to: from } : { from, to: day };
  if (to && !from) return day > to ? { from: to, to: day } : { from: day, to };
  return { from: day };
}

/**
 * The API's `from`/`to` (ISO date-times) for a range of whole local days: `from` at the start of its day,
 * `to` at the start of the day after (the period is [from, to), so the last chosen day counts in full).
 */
export function rangeQuery(range: DayRange): PeriodQuery {
  const q: PeriodQuery = {};
  if (range.from) q.from = startOfDay(range.from).toISOString();
  if (range.to) {
    const next = startOfDay(range.to);
    next.setDate(next.getDate() + 1);
    q.to = next.toISOString();
  }
  return q;
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}
