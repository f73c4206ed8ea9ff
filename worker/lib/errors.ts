import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { REFUSALS, fixedParams, type CodeWithStatus, type ErrorCode, type ParamsArg, type RefusalStatus } from "../../domain/errors";

const titles: Record<RefusalStatus, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/**
 * An expected failure: a code of domain/errors.ts (its status comes with it), the sentence a person reads, the
 * code's params and any headers. Made by `refuse` and answered as `{ error, code, message, ...params }` by the one
 * error handler (worker/app.ts); `error` is a short title for the status.
 */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly params: object;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message: string, params: object = {}, headers: Record<string, string> = {}) {
    super(REFUSALS[code] as ContentfulStatusCode, { message });
    this.code = code;
    this.params = { ...fixedParams(code), ...params };
    this.headers = headers;
  }

  get title(): string {
    return titles[this.status as RefusalStatus] ?? "Error";
  }

  /** The JSON body: `{ error, code, message, ...params }`. */
  get body() {
    return { error: this.title, code: this.code, message: this.message, ...this.params };
  }
}

/**
 * The one way the worker refuses (decision 350): `throw refuse("shoot_not_found", "Shoot not found.")`. The code's
 * status and SPEC §7's flags come from domain/errors.ts; a code with params takes them (`{retryAfterSeconds}`), and
 * a `retryAfterSeconds` is also sent as Retry-After.
 */
export function refuse<C extends ErrorCode>(code: C, message: string, ...[params]: ParamsArg<C>): ApiError {
  const wait = params && "retryAfterSeconds" in params ? Number(params.retryAfterSeconds) : null;
  const headers: Record<string, string> = wait === null ? {} : { "Retry-After": String(Math.max(1, Math.ceil(wait))) };
  return new ApiError(code, message, wait === null ? params : { ...params, retryAfterSeconds: Math.max(1, Math.ceil(wait)) }, headers);
}

/* Shorthands of `refuse` for a status: the code defaults to the status's generic one and may only be one of its codes. */
export const badRequest = (message: string, code: CodeWithStatus<400> = "invalid_input") => refuse(code, message);
export const unauthorized = (message = "Please sign in to continue.", code: CodeWithStatus<401> = "not_signed_in") => refuse(code, message);
export const forbidden = (message = "You don't have permission to do that.", code: CodeWithStatus<403> = "forbidden") =>
  refuse(code, message);
export const notFound = (message = "Not found.", code: CodeWithStatus<404> = "not_found") => refuse(code, message);
export const conflict = (message: string, code: CodeWithStatus<409> = "conflict") => refuse(code, message);
/** A headshot removed by moderation (docs/decisions/061-moderation.md): gone for good, for everyone. */
export const gone = (message: string, code: CodeWithStatus<410> = "gone") => refuse(code, message);
/** A refusal whose remedy is verifying the address (403, SPEC §7 `requiresEmailVerification`). */
export const emailUnverified = (message: string) => refuse("email_unverified", message);
/** A refusal whose remedy is a subscription (402, SPEC §7 `requiresSubscription`): the web app opens its dialog. */
export const subscriptionRequired = (message: string) => refuse("subscription_required", message);
/**
 * A plan change refused because the plan is canceled and runs to its period end (409, decision 341): a change
 * would charge (an upgrade) or renew (a downgrade) a plan the person chose to end; renewing it comes first.
 */
export const subscriptionCanceled = (message: string) => refuse("subscription_canceled", message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: "rate_limited" | "fair_use" = "rate_limited") =>
  refuse(code, message, { retryAfterSeconds });
