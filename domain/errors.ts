/**
 * Every refusal the API answers, in one place (issue 49, decisions 331 and 350): a stable `code`, the HTTP status
 * it goes with, and the values its body carries besides the sentence (`ErrorParams`). The worker refuses only
 * through `refuse(code, message, params)` (worker/lib/errors.ts), so a body is always
 * `{ error, code, message, ...params }`; the web app switches on `code` and shows the words through one function
 * (`errorText`, web/src/api/errors.ts) — today the server's sentence, later each code's own translated words.
 *
 * A code names a situation a person can meet, not the status: two refusals with the same code say the same thing
 * (with other params). The `*_generic` fallbacks (`invalid_input`, `not_found`, `conflict`, …) are for refusals
 * no page acts on and no one has named yet; give a refusal its own code when a page branches on it or when its
 * words need their own translation.
 */

export const REFUSALS = {
  // 400
  invalid_input: 400,
  link_unusable: 400,
  instruction_refused: 400,
  // 401
  not_signed_in: 401,
  session_ended: 401,
  account_gone: 401,
  wrong_credentials: 401,
  // 402
  subscription_required: 402,
  card_declined: 402,
  // 403
  forbidden: 403,
  email_unverified: 403,
  operator_only: 403,
  password_required: 403,
  wrong_password: 403,
  recent_sign_in_required: 403,
  team_owner_only: 403,
  wrong_address: 403,
  image_link_expired: 403,
  // 404
  not_found: 404,
  headshot_not_found: 404,
  shoot_not_found: 404,
  user_not_found: 404,
  not_in_team: 404,
  // 409
  conflict: 409,
  already_verified: 409,
  new_password_required: 409,
  email_taken: 409,
  already_subscribed: 409,
  /** A plan change while the plan is canceled and runs to its period end (decision 341). */
  subscription_canceled: 409,
  not_finished: 409,
  already_in_team: 409,
  no_free_seats: 409,
  team_not_paid: 409,
  team_look_missing: 409,
  busy: 409,
  // 410
  gone: 410,
  link_invalid: 410,
  headshot_unavailable: 410,
  // 413
  too_large: 413,
  // 429
  rate_limited: 429,
  fair_use: 429,
  // 500, 502, 503
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
  overloaded: 503,
} as const satisfies Record<string, RefusalStatus>;

/** The statuses a refusal may have. */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 502 | 503;

export type ErrorCode = keyof typeof REFUSALS;
export const ERROR_CODES = Object.keys(REFUSALS) as ErrorCode[];

/** The codes whose status is `S`: a helper that answers one status takes only those. */
export type CodeWithStatus<S extends RefusalStatus> = { [C in ErrorCode]: (typeof REFUSALS)[C] extends S ? C : never }[ErrorCode];

/**
 * What a refusal carries besides its sentence, by code; a code not listed carries nothing. These are the values a
 * translated sentence needs (a wait, a field).
 */
export interface ErrorParams {
  /** The field the first problem is in ("photo", "settings.width"), when the problem is a field's. */
  invalid_input: { field?: string };
  /** Seconds until the request can succeed (also the Retry-After header). */
  rate_limited: { retryAfterSeconds: number };
  fair_use: { retryAfterSeconds: number };
  overloaded: { retryAfterSeconds: number };
  /** The request's id in the logs, for a report. */
  internal: { requestId?: string };
  unavailable: { requestId?: string };
}

export type ParamsOf<C extends ErrorCode> = C extends keyof ErrorParams ? ErrorParams[C] : Record<never, never>;

/** The values a code carries are given when they are needed: `refuse("fair_use", m, {retryAfterSeconds})`, `refuse("gone", m)`. */
export type ParamsArg<C extends ErrorCode> = C extends keyof ErrorParams
  ? Record<never, never> extends ErrorParams[C]
    ? [params?: ErrorParams[C]]
    : [params: ErrorParams[C]]
  : [];

/** The flags SPEC §7 names, which the code brings with it: a refusal that has the code has the flag. */
const FLAGS = {
  subscription_required: { requiresSubscription: true },
  email_unverified: { requiresEmailVerification: true },
} as const satisfies Partial<Record<ErrorCode, object>>;

type FlagsOf<C extends ErrorCode> = C extends keyof typeof FLAGS ? (typeof FLAGS)[C] : Record<never, never>;

/** The params `code` always carries (SPEC §7's flags); the caller's are added to them. */
export const fixedParams = (code: ErrorCode): object => (FLAGS as Partial<Record<ErrorCode, object>>)[code] ?? {};

/** The JSON body of every refusal (decision 002's shape, with its code, its params and its flags). */
export type ApiErrorBody = {
  [C in ErrorCode]: { error: string; code: C; message: string } & ParamsOf<C> & FlagsOf<C>;
}[ErrorCode];

/** The generic code for an HTTP status the worker answers without naming the refusal (hono's own, a mount's). */
export function codeForStatus(status: number): ErrorCode {
  const generic: Partial<Record<number, ErrorCode>> = {
    400: "invalid_input",
    401: "not_signed_in",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    410: "gone",
    413: "too_large",
    429: "rate_limited",
    502: "upstream_failed",
    503: "unavailable",
  };
  return generic[status] ?? (status < 500 ? "invalid_input" : "internal");
}

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === "string" && Object.hasOwn(REFUSALS, v);
