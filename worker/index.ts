import { app } from "./app";
import type { ChoreMessage, QueueMessage } from "./env";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";
import { LIVE_PAGES, firstVisitRedirect, serveLivePage, withFirstVisitVary } from "./landing";
import { requestIdOf, withRequestId } from "./lib";
import { withErrorReports } from "./ops";
import { ConfigError, getConfig, NOT_CONFIGURED_MESSAGE } from "./config";

export { ModelLimiter } from "./generation";

/**
 * A live page, served outside the app's error handler (worker/app.ts), answers a refused configuration as the API
 * does (decision 185): 503 with one sentence, the bad variables only in the log (worker/config.ts getConfig). The
 * configuration is asked first: the page's figures may still be in memory from before.
 */
async function livePage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  try {
    getConfig(env);
    // `/` in the visitor's language on a first visit (issue 50): a redirect to /de/, or the English page saying what it varied on
    const redirect = firstVisitRedirect(request);
    if (redirect) return redirect;
    const page = await serveLivePage(request, env, ctx);
    return new URL(request.url).pathname === "/" ? withFirstVisitVary(page) : page;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return new Response(NOT_CONFIGURED_MESSAGE, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

export default withErrorReports({
  // "/" and the business page reach the worker first (wrangler.toml run_worker_first) to get their true figures; the rest is the app.
  fetch: (request, env, ctx) =>
    LIVE_PAGES.has(new URL(request.url).pathname) && (request.method === "GET" || request.method === "HEAD")
      ? withRequestId(requestIdOf(request), () => livePage(request, env, ctx))
      : app.fetch(request, env, ctx),
  // ctx: the error reports flush through it (worker/ops/error-reports.ts)
  queue: (batch, env, _ctx) => handleQueueBatch(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(handleScheduled(controller, env)),
} satisfies ExportedHandler<Env, QueueMessage | ChoreMessage>);
