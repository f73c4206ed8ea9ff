import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { REFUSALS, fixedParams, type CodeWithStatus, type ErrorCode, type ParamsArg, type RefusalStatus } from "../../domain/errors";
import { baseLocale, m, type Locale } from "../../copy";

/** A sentence in any language: made with `said(m.errors_…, inputs)` (issue 50, decision 395). */
export type Words = (locale: Locale) => string;

/** What a refusal says: catalogue words (decision 395), or one of domain/'s English texts, worded per reader by domainText. */
export type Said = Words | string;

/**
 * A catalogue message with its inputs, to be said later in the reader's language: `said(m.errors_owner_leaving)`,
 * `said(m.errors_plan_canceled, { plan, date })` (a value that is itself worded per language, such as a plan's name
 * or a date, is given as Words and said in the same language).
 */
export function said<I extends object>(
  message: (inputs: I, options: { locale: Locale }) => string,
  ...[inputs]: keyof I extends never ? [] : [{ [K in keyof I]: I[K] | Words }]
): Words {
  return (locale) => {
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(inputs ?? {})) values[k] = typeof v === "function" ? (v as Words)(locale) : v;
    return message(values as I, { locale });
  };
}

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
  /** The sentence in every language when it comes from the catalogue; `message` is its English (for logs). */
  readonly words: Words | undefined;
  constructor(code: ErrorCode, message: Said, params: object = {}, headers: Record<string, string> = {}) {
    super(REFUSALS[code] as ContentfulStatusCode, { message: typeof message === "function" ? message(baseLocale) : message });
    this.words = typeof message === "function" ? message : undefined;
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
 * The one way the worker refuses (decision 350): `throw refuse("shoot_not_found", said(m.errors_shoot_not_found))`. The code's
 * status and SPEC §7's flags come from domain/errors.ts; a code with params takes them (`{retryAfterSeconds}`), and
 * a `retryAfterSeconds` is also sent as Retry-After.
 */
export function refuse<C extends ErrorCode>(code: C, message: Said, ...[params]: ParamsArg<C>): ApiError {
  const wait = params && "retryAfterSeconds" in params ? Number(params.retryAfterSeconds) : null;
  const headers: Record<string, string> = wait === null ? {} : { "Retry-After": String(Math.max(1, Math.ceil(wait))) };
  return new ApiError(code, message, wait === null ? params : { ...params, retryAfterSeconds: Math.max(1, Math.ceil(wait)) }, headers);
}

/* Shorthands of `refuse` for a status: the code defaults to the status's generic one and may only be one of its codes. */
export const badRequest = (message: Said, code: CodeWithStatus<400> = "invalid_input") => refuse(code, message);
export const unauthorized = (message: Said = said(m.errors_not_signed_in), code: CodeWithStatus<401> = "not_signed_in") =>
  refuse(code, message);
export const forbidden = (message: Said = said(m.errors_forbidden), code: CodeWithStatus<403> = "forbidden") => refuse(code, message);
export const notFound = (message: Said = said(m.errors_not_found), code: CodeWithStatus<404> = "not_found") => refuse(code, message);
export const conflict = (message: Said, code: CodeWithStatus<409> = "conflict") => refuse(code, message);
/** A headshot removed by moderation (docs/decisions/061-moderation.md): gone for good, for everyone. */
export const gone = (message: Said, code: CodeWithStatus<410> = "gone") => refuse(code, message);
/** A refusal whose remedy is verifying the address (403, SPEC §7 `requiresEmailVerification`). */
export const emailUnverified = (message: Said) => refuse("email_unverified", message);
/** A refusal whose remedy is a subscription (402, SPEC §7 `requiresSubscription`): the web app opens its dialog. */
export const subscriptionRequired = (message: Said) => refuse("subscription_required", message);
/**
 * A plan change refused because the plan is canceled and runs to its period end (409, decision 341): a change
 * would charge (an upgrade) or renew (a downgrade) a plan the person chose to end; renewing it comes first.
 */
export const subscriptionCanceled = (message: Said) => refuse("subscription_canceled", message);
export const tooManyRequests = (message: Said, retryAfterSeconds: number, code: "rate_limited" | "fair_use" = "rate_limited") =>
  refuse(code, message, { retryAfterSeconds });
