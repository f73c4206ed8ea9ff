import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../domain/api";

/**
 * What the web app acts on besides the status: a stable `code` (decision 331), and the booleans SPEC §7 names
 * (requiresEmailVerification, requiresSubscription).
 */
export type ErrorFlags = Partial<Record<"requiresEmailVerification" | "requiresSubscription", boolean>> & { code?: ErrorCode };

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * An expected failure. Answered as `{ error, message, ...flags }` by the one error handler:
 * `error` is a short title for the status, `message` the sentence a person reads.
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly flags: ErrorFlags = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
  }

  get title(): string {
    return titles[this.status] ?? "Error";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Please sign in to continue.") => new ApiError(401, message);
export const forbidden = (message = "You don't have permission to do that.") => new ApiError(403, message);
export const notFound = (message = "Not found.") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
/** A headshot removed by moderation (docs/decisions/061-moderation.md): gone for good, for everyone. */
export const gone = (message: string) => new ApiError(410, message);
/** A refusal whose remedy is verifying the address (403, SPEC §7 `requiresEmailVerification`). */
export const emailUnverified = (message: string) =>
  new ApiError(403, message, { code: "email_unverified", requiresEmailVerification: true });
/** A refusal whose remedy is a subscription (402, SPEC §7 `requiresSubscription`): the web app opens its dialog. */
export const subscriptionRequired = (message: string) =>
  new ApiError(402, message, { code: "subscription_required", requiresSubscription: true });
/**
 * A plan change refused because the plan is canceled and runs to its period end (409, decision 341): a change
 * would charge (an upgrade) or renew (a downgrade) a plan the person chose to end; renewing it comes first.
 */
export const subscriptionCanceled = (message: string) => new ApiError(409, message, { code: "subscription_canceled" });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, {}, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
