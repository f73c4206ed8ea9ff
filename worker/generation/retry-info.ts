/**
 * Google's error answers, as the Gemini API sends them (https://ai.google.dev/gemini-api/docs/generate-content/api-errors):
 * `{"error": {"code": 429, "message": "...", "status": "RESOURCE_EXHAUSTED", "details": [...]}}`, where a quota
 * error's details usually hold a `google.rpc.RetryInfo` with `retryDelay`, a protobuf Duration in its JSON form
 * ("37s", "0.5s"; https://cloud.google.com/apis/design/errors#retryinfo). One reader for every caller: the
 * generation's retry now, a shared limiter later (issue 34).
 */

import { nextPacificMidnight } from "../../domain/quota-day";

const RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo";
const QUOTA_FAILURE = "type.googleapis.com/google.rpc.QuotaFailure";

/** The `error` object of a Google error body, from the body itself or from @google/genai's ApiError message (the body as JSON). */
export function googleErrorBody(source: unknown): { code?: number; status?: string; message?: string; details?: unknown[] } | null {
  let body: unknown = source;
  if (source instanceof Error) {
    try {
      body = JSON.parse(source.message);
    } catch {
      return null;
    }
  }
  const error = (body as { error?: unknown } | null)?.error;
  return error && typeof error === "object" ? (error as ReturnType<typeof googleErrorBody> & object) : null;
}

/** Seconds from a Duration's JSON form ("37s", "1.5s"), or null when it is not one. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/**
 * Whether a 429 is a per-day quota: its `google.rpc.QuotaFailure` names a quota "PerDay"
 * (`GenerateRequestsPerDayPerProjectPerModel`, with "-FreeTier" on the free tier), as Google's answers do
 * (https://ai.google.dev/gemini-api/docs/troubleshooting, the 429 RESOURCE_EXHAUSTED row; the rate-limits page
 * lists requests per day beside the per-minute limits; both read 5 Dec 2026).
 */
export function isPerDayQuota(source: unknown): boolean {
  const details = googleErrorBody(source)?.details;
  if (!Array.isArray(details)) return false;
  return details.some(
    (d) =>
      (d as Record<string, unknown> | null)?.["@type"] === QUOTA_FAILURE &&
      ((d as { violations?: unknown }).violations as { quotaId?: unknown }[] | undefined)?.some(
        (v) => typeof v?.quotaId === "string" && /PerDay/.test(v.quotaId),
      ),
  );
}

/**
 * The delay Google asked for before a retry (RetryInfo.retryDelay), in seconds, or null when it asked none. A
 * per-day quota waits for its reset, the next midnight Pacific time (domain/quota-day.ts), whatever else it says:
 * a retry before then only meets the same 429.
 */
export function retryDelaySeconds(source: unknown, now = Date.now()): number | null {
  if (isPerDayQuota(source)) return Math.ceil((nextPacificMidnight(now) - now) / 1000);
  const details = googleErrorBody(source)?.details;
  if (!Array.isArray(details)) return null;
  for (const d of details) {
    if (d && typeof d === "object" && (d as Record<string, unknown>)["@type"] === RETRY_INFO) {
      return durationSeconds((d as Record<string, unknown>).retryDelay);
    }
  }
  return null;
}
