/**
 * The public pages' two auth calls, GET /api/auth/session and POST /api/auth/signout, without the typed
 * client's runtime (hono's hc and the token refresh machinery): they need neither a bearer token nor a
 * retry, and the public pages have a JavaScript budget (docs/decisions/071). The answer's type still comes
 * from the worker's route through the typed client (a type-only import), so a changed field breaks the build.
 */
import type { InferResponseType } from "hono/client";
import type { client } from "@/api/client";

export type PublicSession = InferResponseType<typeof client.api.auth.session.$get, 200>;

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, { credentials: "include", headers: { Accept: "application/json" }, ...init });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/** The session behind the refresh cookie (`{user, accessToken}`), or null when signed out. */
export const peekSession = async (): Promise<PublicSession> => (await call("/api/auth/session")).json() as Promise<PublicSession>;

/** Revokes the session and clears the refresh cookie. */
export const endSession = async (): Promise<void> => void (await call("/api/auth/signout", { method: "POST" }));
