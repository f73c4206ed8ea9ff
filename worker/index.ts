import { app } from "./app";
import type { ChoreMessage, QueueMessage } from "./env";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";
import { LIVE_PAGES, serveLivePage } from "./landing";
import { requestIdOf, withRequestId } from "./lib";
import { withErrorReports } from "./ops";

export { ModelLimiter } from "./generation";

export default withErrorReports({
  // "/" and the business page reach the worker first (wrangler.toml run_worker_first) to get their true figures; the rest is the app.
  fetch: (request, env, ctx) =>
    LIVE_PAGES.has(new URL(request.url).pathname) && (request.method === "GET" || request.method === "HEAD")
      ? withRequestId(requestIdOf(request), () => serveLivePage(request, env, ctx))
      : app.fetch(request, env, ctx),
  // ctx: the error reports flush through it (worker/ops/error-reports.ts)
  queue: (batch, env, _ctx) => handleQueueBatch(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(controller, env)),
} satisfies ExportedHandler<Env, QueueMessage | ChoreMessage>);
