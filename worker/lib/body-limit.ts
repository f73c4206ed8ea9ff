/**
 * Request body limits by route, never by path (issue 34; docs/decisions/170-phone-photos.md). Every
 * body is small JSON — `smallBodies`, mounted once in worker/app.ts, allows SMALL_BODY_BYTES — unless
 * the route itself declares a limit of its own with `routeBodyLimit` (the photo routes: n phone photos).
 * The route's own middleware is recognised among the request's matched handlers by identity, so moving
 * or renaming a route keeps its limit, and a new route is small unless it says otherwise.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { MESSAGES } from "../../domain/limits";
import { refuse } from "./errors";

/** What every body that is not a photo upload may be: small JSON. */
export const SMALL_BODY_BYTES = 256 * 1024;

/** Hono keeps a sub-app's handler under this symbol when it wraps it (hono-base.ts `route`). */
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

const declared = new WeakSet<object>();

/** A route's own body limit: replaces the small-JSON one for the routes it is attached to. */
export function routeBodyLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  const limit = bodyLimit({ maxSize, onError });
  declared.add(limit);
  return limit;
}

function declaresOwnLimit(c: Context): boolean {
  return matchedRoutes(c).some(({ handler }) => {
    const inner = (handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER];
    return declared.has(handler) || (typeof inner === "function" && declared.has(inner));
  });
}

const small = bodyLimit({
  maxSize: SMALL_BODY_BYTES,
  onError: () => {
    throw refuse("too_large", MESSAGES.requestTooLarge);
  },
});

/** SMALL_BODY_BYTES for every request whose route declares no limit of its own. */
export const smallBodies = createMiddleware((c, next) => (declaresOwnLimit(c) ? next() : small(c, next)));
