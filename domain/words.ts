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
 * A wait rounded up the way people say it: 40 minutes, 3 hours, 2 days (a refused picture says when the next is
 * possible, decision 295; the worker says it in the reader's language, worker/credits/fair-use.ts).
 */
export function roundedWait(seconds: number): { unit: "minute" | "hour" | "day"; count: number } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return { unit: "minute", count: minutes };
  const hours = Math.ceil(minutes / 60);
  if (hours < 36) return { unit: "hour", count: hours };
  return { unit: "day", count: Math.ceil(hours / 24) };
}

/** The wait in English words: "about 40 minutes", "about 3 hours", "about 2 days". */
export function aboutDuration(seconds: number): string {
  const wait = roundedWait(seconds);
  return `about ${count(wait.count, wait.unit)}`;
}

/** A day as the server's messages and emails write it: "March 5, 2027" (UTC). */
export const longDate = (d: Date | string): string =>
  new Date(d).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
