/**
 * Google's day for quotas: "Requests per day (RPD) quotas reset at midnight Pacific time"
 * (https://ai.google.dev/gemini-api/docs/rate-limits, "How rate limits work"; read 5 Dec 2026). The worker's
 * limiter counts a day's requests by it and waits for its next midnight; the local stand-in resets by it too.
 */
const PACIFIC = "America/Los_Angeles";
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: PACIFIC, year: "numeric", month: "2-digit", day: "2-digit" });
const hourFormat = new Intl.DateTimeFormat("en-GB", { timeZone: PACIFIC, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The Pacific date of an instant, YYYY-MM-DD: the quota day it counts in. */
export const pacificDay = (ms: number): string => dayFormat.format(ms);

/** The first instant of the next Pacific day after `ms` (08:00 UTC in winter, 07:00 UTC in summer). */
export function nextPacificMidnight(ms: number): number {
  const [y, m, d] = pacificDay(ms).split("-").map(Number) as [number, number, number];
  for (const offsetHours of [8, 7]) {
    const candidate = Date.UTC(y, m - 1, d + 1, offsetHours);
    if (hourFormat.format(candidate) === "00:00") return candidate;
  }
  return Date.UTC(y, m - 1, d + 1, 8); // unreachable while Pacific time is UTC-8 or UTC-7
}
