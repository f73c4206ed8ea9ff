/**
 * Workers Analytics Engine data points (decision 188). The METRICS binding is optional: without it (a local run
 * without the dataset, a test env) nothing is written. A data point never fails the work it describes.
 */
import { createMiddleware } from "hono/factory";
import { httpDb } from "../../db";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { errorFields, log } from "../lib";
import { countEvent, OPS_EVENTS } from "./counters";

function write(env: Partial<Pick<Env, "METRICS">>, point: AnalyticsEngineDataPoint): void {
  try {
    env.METRICS?.writeDataPoint(point);
  } catch (err) {
    log("warn", "analytics: data point not written", errorFields(err));
  }
}

/** A model call's outcome: an image, a refusal (content), a quota refusal (HTTP 429), or any other failure. */
export type ModelCallOutcome = "ok" | "blocked" | "rate_limited" | "error";

export interface ModelCall {
  model: string;
  /** The output size asked for ("1K", "2K", …), or "default". */
  size: string;
  outcome: ModelCallOutcome;
  latencyMs: number;
  /** What the call costs us (0 when it produced nothing billable). */
  costCents: number;
}

/** The outcome class of the generation step's answer (worker/generation/gemini.ts ModelOutcome). */
export function modelCallOutcome(outcome: {
  kind: "image" | "transient" | "blocked" | "misconfigured";
  reason?: string;
}): ModelCallOutcome {
  if (outcome.kind === "image") return "ok";
  if (outcome.kind === "blocked") return "blocked";
  if (outcome.kind === "misconfigured") return "error";
  return /\b429\b/.test(outcome.reason ?? "") ? "rate_limited" : "error";
}

const MODEL_EVENTS = {
  ok: OPS_EVENTS.modelOk,
  blocked: OPS_EVENTS.modelBlocked,
  rate_limited: OPS_EVENTS.modelRateLimited,
  error: OPS_EVENTS.modelError,
} as const;

/**
 * One model call: an Analytics Engine data point (blobs model, size, outcome; doubles latency ms, cost cents)
 * and its outcome counted in Postgres over SQL-over-HTTP (no session), for Monitoring and the alerts.
 */
export async function recordModelCall(env: Partial<Pick<Env, "METRICS">>, config: Config, call: ModelCall): Promise<void> {
  write(env, { indexes: ["model"], blobs: [call.model, call.size, call.outcome], doubles: [call.latencyMs, call.costCents] });
  await countEvent(httpDb(config), MODEL_EVENTS[call.outcome]).catch((err: unknown) =>
    log("warn", "ops: model call not counted", { outcome: call.outcome, ...errorFields(err) }),
  );
}

/**
 * A data point per API request (blobs: route class, method, status class; doubles: latency ms, status), and every
 * 429 answered counted in Postgres. The class is the matched route pattern (`/api/headshots/:id/status`), so ids
 * never become series.
 */
export const recordRequest = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  const status = c.res.status;
  write(c.env, {
    indexes: ["request"],
    // the version that answered (its id from the version_metadata binding): the deploy's canary compares the new
    // version's share of 5xx with the old one's (dev/canary.ts, decision 319)
    blobs: [c.req.routePath, c.req.method, `${Math.floor(status / 100)}xx`, c.env.CF_VERSION_METADATA?.id ?? "unknown"],
    doubles: [Date.now() - started, status],
  });
  if (status === 429 && c.var.config) {
    await countEvent(httpDb(c.var.config), OPS_EVENTS.http429).catch((err: unknown) =>
      log("warn", "ops: 429 not counted", errorFields(err)),
    );
  }
  // A webhook Stripe signed that we answered with an error: a bad signature (a rotated secret), payments not
  // configured, a failure while processing. Stripe retries for three days; the cron alerts (decision 319). Without
  // a Stripe-Signature header the request is not Stripe's and is not counted.
  if (status >= 400 && c.req.path === STRIPE_WEBHOOK_PATH && c.req.header("Stripe-Signature") && c.var.config) {
    await countEvent(httpDb(c.var.config), OPS_EVENTS.webhookFailure).catch((err: unknown) =>
      log("error", "ops: a webhook failure was not counted", errorFields(err)),
    );
  }
});

/** Stripe's webhook (worker/stripe/routes.ts: /api/stripe/webhook). */
const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";
