/**
 * The one API client of the web app (SPEC §7, docs/decisions/040-api-client.md).
 *
 * - Sends `Authorization: Bearer <access token>`; the token lives in memory only (never storage).
 * - `credentials: "include"` so the HttpOnly refresh cookie (scoped to /api/auth) travels.
 * - Sends `X-Locale: <the page's language>` (getLocale()), so the worker words a refusal in the language the page
 *   shows, whatever the browser's languages (decision 400).
 * - A non-ok answer throws `ApiError`: its `status`, the error body's `code` (domain/errors.ts) and body as fields
 *   (callers switch on the code, never on words: decisions 331, 350), and '{status}: {body or statusText}' as its
 *   message for logs. What a person reads of it comes from `errorText`, the one place that words an error.
 * - A 401 triggers one POST /api/auth/refresh (shared by concurrent callers) and one retry; a refresh whose
 *   answer is lost is sent again within the server's grace window (decision 087).
 * - The token is also refreshed silently shortly before it expires.
 */
import { hc, parseResponse, type ClientResponse } from "hono/client";
import type { AppType } from "@worker/app";
import { isErrorCode, type ApiErrorBody, type ErrorCode } from "@/lib/domain";
import { LOCALE_HEADER, getLocale } from "@/lib/copy";

export class ApiError extends Error {
  readonly status: number;
  /** The raw response text (may be empty). */
  readonly bodyText: string;
  /** The JSON error body `{error, code, message, ...params}` (decisions 002, 350), or null when the answer had none. */
  readonly body: Partial<ApiErrorBody> | null;
  /** The refusal's code (domain/errors.ts), or null when the answer had none (a proxy's 502, a network page). */
  readonly code: ErrorCode | null;
  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
    this.code = isErrorCode(this.body?.code) ? this.body.code : null;
  }
}

function parseErrorBody(text: string): Partial<ApiErrorBody> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Partial<ApiErrorBody>) : null;
  } catch {
    return null;
  }
}

/** Refresh this long before the access token's `exp`. */
export const REFRESH_EARLY_MS = 60_000;
/** When a token carries no readable `exp`, assume about 15 minutes. */
const FALLBACK_TOKEN_LIFETIME_MS = 15 * 60_000;

/** Paths where a 401 means "no session" rather than "token expired": never refresh-and-retry them. */
const NO_REFRESH_PATHS = [
  "/api/auth/refresh",
  "/api/auth/signin",
  "/api/auth/signup",
  "/api/auth/session",
  "/api/auth/signout",
  "/api/auth/verify/", // a wrong sign-up password on /auth/verify (decision 325)
];

let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let refreshing: Promise<string | null> | null = null;
const tokenListeners = new Set<(token: string | null) => void>();

export function getAccessToken() {
  return accessToken;
}

/** Store the access token in memory and schedule its silent refresh. */
export function setAccessToken(token: string | null) {
  accessToken = token;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  if (token) {
    const exp = tokenExpiryMs(token);
    const delay = Math.max(5_000, (exp ?? Date.now() + FALLBACK_TOKEN_LIFETIME_MS) - Date.now() - REFRESH_EARLY_MS);
    refreshTimer = setTimeout(() => {
      void refreshAccessToken();
    }, delay);
  }
  tokenListeners.forEach((l) => l(token));
}

/** Called whenever the token changes (null = the session is gone). */
export function onAccessTokenChange(listener: (token: string | null) => void) {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

/** Milliseconds-since-epoch expiry from a JWT's payload, or null when unreadable. */
export function tokenExpiryMs(token: string): number | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A refresh whose answer was lost (the connection dropped) is sent again after these pauses: the server may
 * have rotated the token all the same, and within its 20 s grace window the token it replaced still gets
 * the new one (decision 087). Asked only later, that token would be taken for a stolen copy.
 */
export const REFRESH_RETRY_MS = [1_000, 3_000];

/** POST /api/auth/refresh with the cookie, sent again while no answer arrives (REFRESH_RETRY_MS). */
async function postRefresh(): Promise<Response> {
  const send = () => fetch("/api/auth/refresh", { method: "POST", credentials: "include", headers: { [LOCALE_HEADER]: getLocale() } });
  for (const pause of REFRESH_RETRY_MS) {
    try {
      return await send();
    } catch {
      await new Promise((r) => setTimeout(r, pause));
    }
  }
  return send();
}

/** POST /api/auth/refresh with the refresh cookie. Concurrent callers share one request. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const res = await postRefresh();
      if (!res.ok) {
        setAccessToken(null);
        return null;
      }
      const body = (await res.json()) as { accessToken?: string };
      setAccessToken(body.accessToken ?? null);
      return body.accessToken ?? null;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function send(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
  headers.set(LOCALE_HEADER, getLocale());
  if (init.body && typeof init.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  return fetch(path, { ...init, headers, credentials: "include" });
}

/** fetch with the bearer token and one refresh-and-retry on 401; throws ApiError on a non-ok answer. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  let res = await send(path, init);
  if (res.status === 401 && !NO_REFRESH_PATHS.some((p) => path.startsWith(p))) {
    const token = await refreshAccessToken();
    if (token) res = await send(path, init);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, res.statusText, text);
  }
  return res;
}

/** apiFetch and parse JSON (null for an empty body). */
export async function apiJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The typed API: hono's client over the worker's own route types (docs/decisions/042-typed-api-contract.md).
 * Paths, params, bodies and answers are checked against the routes at compile time; every request
 * goes through `apiFetch` (bearer token, one refresh-and-retry, ApiError on a non-ok answer).
 */
export const client = hc<AppType>("/", { fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(String(input), init) });

/** What a call answers when it succeeds, as the route declares it (hono's own inference). */
export type Data<T extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<T>>>;

/**
 * The typed JSON body of a successful answer (apiFetch has already thrown ApiError for any other);
 * undefined for an empty body (204). A body that is not JSON is an error, whatever its content type.
 */
export async function data<T extends ClientResponse<unknown>>(response: T | Promise<T>): Promise<Data<T>> {
  const text = await (await response).text();
  return (text ? JSON.parse(text) : undefined) as Data<T>;
}

/** The JSON error body `{error, code, message, ...params}` an ApiError carries, or null (any other error has none). */
export function readErrorBody(err: unknown): Partial<ApiErrorBody> | null {
  return err instanceof ApiError ? err.body : null;
}

/** HTTP status of an ApiError, else null (a network failure has none). */
export function errorStatus(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}

/** The refusal's code (domain/errors.ts) of an ApiError, else null: what a page switches on. */
export function errorCode(err: unknown): ErrorCode | null {
  return err instanceof ApiError ? err.code : null;
}

/**
 * The one function that words a failed call for a person (decision 350): today the server's `message`, else its
 * `error`, else the fallback (a network failure, an answer without a body). Every error the web app shows goes
 * through here, so that a code's own translated words can replace the server's sentence in one place.
 */
export function errorText(err: unknown, fallback: string): string {
  const body = readErrorBody(err);
  return body?.message || body?.error || fallback;
}
