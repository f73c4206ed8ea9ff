/**
 * How the admin dashboard writes money, dates and rates (SPEC §2, §9). Money arrives in cents and is
 * shown in euro everywhere (docs/decisions/065-admin-web.md: the spec's `$` on some cards is a slip).
 */
const euro = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euro4 = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR", minimumFractionDigits: 4, maximumFractionDigits: 4 });
const count = new Intl.NumberFormat("en-US");

/** 123456 → "€1,234.56" (cents divided by 100, two decimals). */
export function formatEuroCents(cents: number): string {
  return euro.format(cents / 100);
}

/** 3.9 → "€0.0390": a cent amount shown with four decimals (average cost per generation). */
export function formatEuroCents4(cents: number): string {
  return euro4.format(cents / 100);
}

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return count.format(n);
}

/** en-US short month with time: "Nov 24, 2026, 03:10 AM". */
export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** en-US short month without time, for the date range picker's button: "Nov 24, 2026". */
export function formatDay(d: Date): string {
  return d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** successful / total as a whole percent (0 when there is nothing yet). */
export function successRatePercent(successful: number, total: number): number {
  return total > 0 ? Math.round((successful / total) * 100) : 0;
}

/** Milliseconds to whole seconds, rounded. */
export function wholeSeconds(ms: number): number {
  return Math.round(ms / 1000);
}

/** "2.5" → "2.50%": the churn rate with two decimals. */
export function formatRate(rate: number): string {
  return `${rate.toFixed(2)}%`;
}

/** The user's name for the table: first and last name, else the part of the email before the @. */
export function displayName(u: { email: string; firstName: string | null; lastName: string | null }): string {
  const full = [u.firstName, u.lastName].filter(Boolean).join(" ").trim();
  return full || u.email.split("@")[0]!;
}
