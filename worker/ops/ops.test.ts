/**
 * Operations (issue 38, decision 188/189): the cron's jobs run on their own, the dead-letter queue is consumed,
 * counted and alerted on, model calls and 429 answers are counted, and Monitoring's figures are what was recorded.
 * Figures are read at a clock of each test's own (a minute in 2099 nobody else writes to), so other files' rows
 * never count.
 */
import { describe, expect, it } from "vitest";
import { createMessageBatch, getQueueResult, createExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import worker from "../index";
import { headshots } from "../../db/schema";
import { getConfig } from "../config";
import { errorHandler } from "../app";
import type { AppEnv, QueueMessage } from "../env";
import { tooManyRequests, withServices } from "../lib";
import { runJobs, type CronJob } from "../scheduled";
import { directDatabaseUrl } from "../../db";
import { client, createTestUser, env, runJob } from "../test/helpers";
import { operatorAuth, withTestDb } from "../test/admin";
import { captureLogs } from "../test/logs";
import { countEvent, countsBetween, OPS_EVENTS } from "./counters";
import { modelCallOutcome, recordModelCall, recordRequest } from "./analytics";
import { opsMonitoring } from "./figures";
import { sendAlerts } from "./alerts";

/** A clock nobody else uses: a random minute in 2099. */
const ownClock = () => new Date(Date.UTC(2099, 0, 1) + Math.floor(Math.random() * 500_000) * 60_000);

const config = getConfig(env);
/** Thresholds that never fire, but for the ones a test turns on. */
const quiet = { ...config, ALERT_MIN_MODEL_CALLS: 1e9, ALERT_QUEUE_AGE_SECONDS: 1e9, ALERT_DEAD_LETTERS: 1e9, ALERT_WEBHOOK_FAILURES: 1e9 };

async function operatorMail() {
  const res = await client.dev.mailbox.$get({ query: { to: config.OPERATOR_EMAIL } });
  return (await res.json()).messages;
}

describe("the cron's jobs run on their own (decision 189)", () => {
  it("a job that throws is logged and counted, and the next job still runs, under the statement timeout", async () => {
    const now = ownClock();
    const ran: string[] = [];
    const jobs: CronJob[] = [
      {
        name: "boom",
        run: async () => {
          throw new Error("job broke");
        },
      },
      {
        name: "next",
        run: async ({ db }) => {
          const rows = await db.execute(sql`show statement_timeout`);
          ran.push(String((rows.rows[0] as Record<string, unknown>).statement_timeout));
        },
      },
    ];
    const { result: failed, lines: logged } = await captureLogs(() => runJob((deps) => runJobs(jobs, deps), now));
    expect(failed).toEqual(["boom"]);
    expect(ran).toEqual(["30s"]);
    expect(logged).toContainEqual(expect.objectContaining({ message: "cron: boom failed", job: "boom", error: "job broke" }));
    const counted = await withTestDb((db) => countsBetween(db, [OPS_EVENTS.cronFailure], now, new Date(now.getTime() + 60_000)));
    expect(counted[OPS_EVENTS.cronFailure]).toBe(1);
  });
});

describe("the cron's statement timeout holds in production (issue 47, decision 317)", () => {
  it("the cron's session is opened on Neon's direct address: the pooler's transaction mode does not keep a session SET", () => {
    const pooled = "postgres://app:pw@ep-quiet-sea-123456-pooler.eu-central-1.aws.neon.tech/headshots?sslmode=require";
    expect(directDatabaseUrl(pooled)).toBe("postgres://app:pw@ep-quiet-sea-123456.eu-central-1.aws.neon.tech/headshots?sslmode=require");
    // a direct address, and a local server, stay as they are
    const direct = "postgres://app:pw@ep-quiet-sea-123456.eu-central-1.aws.neon.tech/headshots?sslmode=require";
    expect(directDatabaseUrl(direct)).toBe(direct);
    expect(directDatabaseUrl("postgres://postgres@127.0.0.1:5432/test")).toBe("postgres://postgres@127.0.0.1:5432/test");
  });

  it("a statement longer than the timeout is cancelled by the server and the next job runs (on PostgreSQL: TEST_DATABASE_URL)", async () => {
    const now = ownClock();
    const ran: string[] = [];
    let embedded = false;
    const jobs: CronJob[] = [
      {
        name: "slow",
        run: async ({ db }) => {
          const version = String((await db.execute(sql`select version() as v`)).rows[0]!.v);
          // PGlite (the embedded default) is one WASM process with no timer to cancel a statement: there the
          // setting is checked; a PostgreSQL server cancels the statement (57014) at 200 ms instead of 10 s
          embedded = /emscripten|wasm/i.test(version);
          if (embedded) ran.push(String((await db.execute(sql`show statement_timeout`)).rows[0]!.statement_timeout));
          else await db.execute(sql`select pg_sleep(10)`);
        },
      },
      {
        name: "next",
        run: async ({ db }) => {
          ran.push(String((await db.execute(sql`select 'next ran' as r`)).rows[0]!.r));
        },
      },
    ];
    const { result: failed, lines } = await captureLogs(() => runJob((deps) => runJobs(jobs, deps, 200), now));
    if (embedded) {
      expect(failed).toEqual([]);
      expect(ran).toEqual(["200ms", "next ran"]);
    } else {
      expect(failed).toEqual(["slow"]);
      expect(ran).toEqual(["next ran"]);
      expect(lines).toContainEqual(expect.objectContaining({ message: "cron: slow failed", code: "57014" }));
    }
  });
});

describe("the dead-letter queue (decision 188)", () => {
  it("is consumed: every message acked, logged in its sender's request id and counted; the cron then alerts the operator once", async () => {
    const before = new Date(Date.now() - 60_000);
    const batch = createMessageBatch<QueueMessage>("headshot-generations-dlq", [
      { id: "d1", timestamp: new Date(), attempts: 6, body: { headshotId: crypto.randomUUID(), requestId: "0123456789abcdef-FRA" } },
      { id: "d2", timestamp: new Date(), attempts: 6, body: { headshotId: crypto.randomUUID() } },
    ]);
    const ctx = createExecutionContext();
    const { lines } = await captureLogs(() => worker.queue(batch, env, ctx));
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["d1", "d2"]);
    expect(lines.filter((l) => l.message === "queue: message dead-lettered").map((l) => l.requestId)).toEqual([
      "0123456789abcdef-FRA",
      "queue-d2",
    ]);
    const after = new Date(Date.now() + 60_000);
    const counted = await withTestDb((db) => countsBetween(db, [OPS_EVENTS.deadLettered], before, after));
    expect(counted[OPS_EVENTS.deadLettered]).toBe(2);

    // the cron's alert: the threshold comes from the configuration
    const alert = (threshold: number, now = new Date()) =>
      runJob((d) => sendAlerts({ ...d, config: { ...quiet, ALERT_DEAD_LETTERS: threshold }, now }));
    expect(await alert(3)).toEqual([]); // 2 < 3
    expect(await alert(2)).toEqual(["deadLetters"]);
    const [mail] = await operatorMail();
    expect(mail).toMatchObject({ subject: "Headshot Studio alert: deadLetters" });
    expect(mail!.text).toContain("2 queue message(s) reached the dead-letter queue in the last hour (threshold 2).");
    // each alert names its section of the runbook (issue 47)
    expect(mail!.text).toContain("What to do: docs/runbook.md#alert-deadletters");
    expect(await alert(2, new Date(Date.now() + 5 * 60_000))).toEqual([]); // still firing, already told this hour
  });
});

describe("failed Stripe webhooks (issue 47, decision 319)", () => {
  it("are counted when Stripe's signed request is answered with an error, and the cron alerts the operator", async () => {
    const before = new Date(Date.now() - 60_000);
    const post = (headers: Record<string, string>) =>
      client.stripe.webhook.$post({}, { headers: { "Content-Type": "application/json", ...headers }, init: { body: "{}" } });
    // a signature that does not verify (a rotated secret looks like this), twice
    for (let i = 0; i < 2; i++) expect((await post({ "Stripe-Signature": "t=1,v1=00" })).status).toBe(400);
    // no signature at all: not Stripe, not counted
    expect((await post({})).status).toBe(400);
    const counted = await withTestDb((db) => countsBetween(db, [OPS_EVENTS.webhookFailure], before, new Date(Date.now() + 60_000)));
    expect(counted[OPS_EVENTS.webhookFailure]).toBe(2);

    const alert = (threshold: number) => runJob((d) => sendAlerts({ ...d, config: { ...quiet, ALERT_WEBHOOK_FAILURES: threshold } }));
    expect(await alert(3)).toEqual([]);
    expect(await alert(2)).toEqual(["webhookFailures"]);
    const mails = await operatorMail();
    const mail = mails.find((m) => m.subject === "Headshot Studio alert: webhookFailures");
    expect(mail?.text).toContain("2 Stripe webhook(s) were answered with an error in the last hour (threshold 2).");
    expect(mail?.text).toContain("What to do: docs/runbook.md#alert-webhookfailures");
  });
});

describe("Monitoring's figures come from recorded data (decision 188)", () => {
  it("counts model calls by outcome, generations from their rows, 429s, dead letters and cron failures, per hour and day", async () => {
    const now = ownClock();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const { user } = await createTestUser();
    await withTestDb(async (db) => {
      for (let i = 0; i < 6; i++) await countEvent(db, OPS_EVENTS.modelOk, ago(10));
      await countEvent(db, OPS_EVENTS.modelRateLimited, ago(20), 2);
      await countEvent(db, OPS_EVENTS.modelError, ago(30));
      await countEvent(db, OPS_EVENTS.modelBlocked, ago(40));
      await countEvent(db, OPS_EVENTS.modelError, ago(3 * 60)); // the day only
      await countEvent(db, OPS_EVENTS.http429, ago(5), 3);
      await countEvent(db, OPS_EVENTS.deadLettered, ago(2 * 60));
      await countEvent(db, OPS_EVENTS.cronFailure, ago(1));
      await countEvent(db, OPS_EVENTS.modelOk, ago(25 * 60)); // older than a day
      const row = (status: "completed" | "failed", queuedAt: Date, costCents: number | null, durationMs: number | null) => ({
        userId: user.id,
        style: "Corporate",
        status,
        originalMime: "image/jpeg",
        encryptionKeyId: "t1",
        queuedAt,
        costCents,
        durationMs,
      });
      await db
        .insert(headshots)
        .values([
          row("completed", ago(10), 4, 1000),
          row("completed", ago(50), 4, 3000),
          row("failed", ago(15), null, null),
          row("completed", ago(5 * 60), 4, 2000),
        ]);
    });

    const m = await withTestDb((db) =>
      opsMonitoring(
        db,
        { ...quiet, ALERT_MIN_MODEL_CALLS: 10, ALERT_MODEL_FAILURE_PERCENT: 25, ALERT_MODEL_RATE_LIMITED_PERCENT: 50 },
        now,
      ),
    );
    const [hour, day] = m.windows;
    expect(hour).toEqual({
      window: "hour",
      from: ago(60).toISOString(),
      modelCalls: { ok: 6, blocked: 1, rateLimited: 2, error: 1, total: 10 },
      modelFailurePercent: 30,
      model429Percent: 20,
      generations: { completed: 2, failed: 1, costCents: 8, avgTimeMs: 2000 },
      http429: 3,
      deadLettered: 0,
      cronFailures: 1,
      photosPurged: 0,
      webhookFailures: 0,
    });
    expect(day).toMatchObject({
      window: "day",
      modelCalls: { ok: 6, blocked: 1, rateLimited: 2, error: 2, total: 11 },
      generations: { completed: 3, failed: 1, costCents: 12, avgTimeMs: 2000 },
      deadLettered: 1,
    });
    expect(m.alerts.find((a) => a.kind === "modelFailureRate")).toEqual({
      kind: "modelFailureRate",
      value: 30,
      threshold: 25,
      firing: true,
    });
    expect(m.alerts.find((a) => a.kind === "model429Rate")).toMatchObject({ value: 20, threshold: 50, firing: false });
    // under the minimum number of calls, no rate fires
    const few = await withTestDb((db) => opsMonitoring(db, { ...quiet, ALERT_MIN_MODEL_CALLS: 11, ALERT_MODEL_FAILURE_PERCENT: 25 }, now));
    expect(few.alerts.filter((a) => a.firing)).toEqual([]);

    // the operator reads the same through the route (at the real clock; the shape is the contract)
    const op = await operatorAuth();
    const res = await client.admin.monitoring.$get({}, { headers: op.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.windows.map((w) => w.window)).toEqual(["hour", "day"]);
    expect(body.alerts.map((a) => a.kind)).toEqual(["modelFailureRate", "model429Rate", "queueAge", "deadLetters", "webhookFailures"]);
  });

  it("records a model call's outcome, and counts every 429 answered", async () => {
    expect(modelCallOutcome({ kind: "image" })).toBe("ok");
    expect(modelCallOutcome({ kind: "blocked", reason: "x" })).toBe("blocked");
    expect(modelCallOutcome({ kind: "transient", reason: "HTTP 429" })).toBe("rate_limited");
    expect(modelCallOutcome({ kind: "transient", reason: "HTTP 503" })).toBe("error");

    const window = async () => {
      const from = new Date(Date.now() - 60_000);
      return withTestDb((db) => countsBetween(db, [OPS_EVENTS.modelRateLimited, OPS_EVENTS.http429], from, new Date(Date.now() + 60_000)));
    };
    const before = await window();
    const points: AnalyticsEngineDataPoint[] = [];
    const metrics = { writeDataPoint: (p: AnalyticsEngineDataPoint) => points.push(p) } as AnalyticsEngineDataset;
    await recordModelCall({ METRICS: metrics }, config, { model: "m", size: "1K", outcome: "rate_limited", latencyMs: 120, costCents: 0 });
    expect(points).toEqual([{ indexes: ["model"], blobs: ["m", "1K", "rate_limited"], doubles: [120, 0] }]);

    const app = new Hono<AppEnv>()
      .use(withServices)
      .use(recordRequest)
      .get("/api/limited/:id", () => {
        throw tooManyRequests("Slow down.", 30);
      })
      .onError(errorHandler);
    const version = { id: "0a1b2c3d-canary", tag: "", timestamp: "" };
    const res = await app.request("/api/limited/42", {}, { ...env, METRICS: metrics, CF_VERSION_METADATA: version } as Env);
    expect(res.status).toBe(429);
    // the answering version's id: the deploy's canary compares versions' 5xx shares (dev/canary.ts, decision 319)
    expect(points[1]).toMatchObject({ indexes: ["request"], blobs: ["/api/limited/:id", "GET", "4xx", "0a1b2c3d-canary"] });
    const after = await window();
    expect(after[OPS_EVENTS.modelRateLimited]! - before[OPS_EVENTS.modelRateLimited]!).toBe(1);
    expect(after[OPS_EVENTS.http429]! - before[OPS_EVENTS.http429]!).toBe(1);
  });
});
