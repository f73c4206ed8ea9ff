/**
 * Request ids (issue 38, decision 187): one id per request, from Cloudflare's `cf-ray` (set by the edge, which
 * overwrites whatever a client sends), a fresh one when absent (local runs, tests). A client's `X-Request-Id`
 * is never taken. The id is the async context of everything the request runs, so `log()` puts it on every line
 * without being handed it; queue messages carry it, and the consumer runs each message in its sender's id.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

const context = new AsyncLocalStorage<string>();

/** Cloudflare's ray id: 16 hex digits and the data centre (`8f1b2c3d4e5f6a7b-CDG`). */
const RAY = /^[0-9a-f]{16}(-[A-Z]{3})?$/;

/** The id of a request: its `cf-ray` when it is one, else a new one. */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get("cf-ray");
  return ray && RAY.test(ray) ? ray : crypto.randomUUID();
}

/** The request id of the work under way (a request, a queue message, a cron run), if any. */
export const currentRequestId = (): string | undefined => context.getStore();

/** Runs `fn` with `requestId` as the id of everything it does. */
export const withRequestId = <T>(requestId: string, fn: () => T): T => context.run(requestId, fn);

/** The first middleware: sets the id, answers it as `X-Request-Id`, and runs the request in it. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const id = requestIdOf(c.req.raw);
  c.set("requestId", id);
  await withRequestId(id, next);
  c.header("X-Request-Id", id);
});
