/**
 * Money, dates, numbers and lists in a locale, through `Intl` (issue 50). Every screen, email and PDF formats
 * with these, so a date reads "5. Dezember 2026" to a German visitor and "5 December 2026" to an English one.
 * Formatters are cached per locale and options: `Intl` constructors are the expensive part.
 */
import type { Locale } from "./generated/runtime.js";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.PluralRules>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** A BCP 47 tag for `Intl`: English is Irish English (euros, day-month order) as the product sells in Europe. */
export const intlLocale = (locale: Locale): string => (locale === "en" ? "en-IE" : locale);

/** An amount in minor units (cents) as money: formatMoney(1999, "eur", "de") → "19,99 €". */
export function formatMoney(minor: number, currency: string, locale: Locale, opts: { whole?: boolean } = {}): string {
  const digits = opts.whole && minor % 100 === 0 ? 0 : 2;
  const f = cached(
    `money|${locale}|${currency}|${digits}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: "currency",
        currency: currency.toUpperCase(),
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
  return f.format(minor / 100);
}

/** A number with the locale's grouping: 16777216 → "16.777.216" in German. */
export function formatNumber(n: number, locale: Locale): string {
  return cached(`num|${locale}`, () => new Intl.NumberFormat(intlLocale(locale))).format(n);
}

export type DateStyle = "long" | "medium" | "short" | "day-month" | "month-year" | "time" | "date-time";
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { year: "numeric", month: "long", day: "numeric" },
  medium: { year: "numeric", month: "short", day: "numeric" },
  short: { dateStyle: "short" },
  "day-month": { month: "short", day: "numeric" },
  "month-year": { month: "short", year: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
  "date-time": { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" },
};

/**
 * A date in the locale. Billing dates (period ends, renewals) are days in UTC as Stripe keeps them:
 * pass `{ timeZone: "UTC" }`; everything else reads in the viewer's own zone.
 */
export function formatDate(
  date: Date | string | number,
  locale: Locale,
  style: DateStyle = "long",
  opts: { timeZone?: string } = {},
): string {
  const f = cached(
    `date|${locale}|${style}|${opts.timeZone ?? ""}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { ...DATE_OPTIONS[style], timeZone: opts.timeZone }),
  );
  return f.format(date instanceof Date ? date : new Date(date));
}

/** "a, b and c" / "a, b und c" / "a, b et c". */
export function formatList(items: readonly string[], locale: Locale, type: "conjunction" | "disjunction" = "conjunction"): string {
  return cached(`list|${locale}|${type}`, () => new Intl.ListFormat(intlLocale(locale), { style: "long", type })).format(items);
}
