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
