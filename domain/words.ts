/**
 * Figures in prose: every number a rule owns (free generations, styles, upload limit, prices, savings) is
 * interpolated from domain/ where it appears, never typed into copy (web/src/public/figures.test.tsx).
 */
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** `count(2, "free generation")` → "2 free generations"; with `{ words: true }` → "two free generations" (0–12). */
export function count(n: number, singular: string, opts: { words?: boolean } = {}): string {
  const number = opts.words ? (WORDS[n] ?? String(n)) : String(n);
  return `${number} ${n === 1 ? singular : `${singular}s`}`;
}

/** "two free generations" → "Two free generations". */
export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A wait in words, rounded up the way people say it: "about 40 minutes", "about 3 hours", "about 2 days"
 * (a refused picture says when the next is possible, decision 295).
 */
export function aboutDuration(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `about ${count(minutes, "minute")}`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 36) return `about ${count(hours, "hour")}`;
  return `about ${count(Math.ceil(hours / 24), "day")}`;
}

/** A day as the server's messages and emails write it: "March 5, 2027" (UTC). */
export const longDate = (d: Date | string): string =>
  new Date(d).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
