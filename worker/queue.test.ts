/**
 * The queue consumers (issue 38): a request's id travels in its queue message and is on the consumer's log
 * lines (decision 187).
 */
import { describe, expect, it } from "vitest";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import worker from "./index";
import { createTestUser, env } from "./test/helpers";
import { upload, withRecordingQueue } from "./test/headshots";
import type { ChoreMessage, QueueMessage } from "./env";
import { CHORES, choreKind } from "./chores";
import { captureLogs } from "./test/logs";

describe("request ids", () => {
  it("come from cf-ray, never from the client's X-Request-Id, and are made when there is no ray", async () => {
    const ray = "8f1b2c3d4e5f6a7b-CDG";
    const withRay = await worker.fetch(
      new Request("http://app.test/api/health", { headers: { "cf-ray": ray, "X-Request-Id": "chosen" } }),
      env,
      createExecutionContext(),
    );
    expect(withRay.headers.get("X-Request-Id")).toBe(ray);
    const noRay = await worker.fetch(
      new Request("http://app.test/api/health", { headers: { "X-Request-Id": "chosen" } }),
      env,
      createExecutionContext(),
    );
    expect(noRay.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await worker.fetch(
      new Request("http://app.test/api/health", { headers: { "cf-ray": "<script>" } }),
      env,
      createExecutionContext(),
    );
    expect(forged.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("travel from the generate request in its queue message to the consumer's log lines", async () => {
    const u = await createTestUser();
    const { body } = await upload(u.auth);
    const q = withRecordingQueue();
    const ray = "0123456789abcdef-AMS";
    const res = await q.fetch(`/api/headshots/${body.id}/generate`, { method: "POST", headers: { ...u.auth, "cf-ray": ray } });
    expect(res.status).toBe(202);
    expect(q.sent).toEqual([{ headshotId: body.id, requestId: ray }]);

    const batch = createMessageBatch<QueueMessage>("headshot-generations", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: q.sent[0] as QueueMessage },
    ]);
    const ctx = createExecutionContext();
    const { lines } = await captureLogs(() => worker.queue(batch, env, ctx));
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
    const completed = lines.find((l) => l.message === "generation: completed");
    expect(completed).toMatchObject({ requestId: ray, headshotId: body.id });
    expect(lines.filter((l) => l.requestId !== ray)).toEqual([]);
  });
});

describe("the chores queue", () => {
  const deliver = async (body: unknown) => {
    const batch = createMessageBatch<ChoreMessage>("headshot-chores", [
      { id: "c1", timestamp: new Date(), attempts: 1, body: body as ChoreMessage },
    ]);
    const ctx = createExecutionContext();
    const { lines } = await captureLogs(() => worker.queue(batch, env, ctx));
    return { result: await getQueueResult(batch, ctx), lines };
  };

  it("names each chore once in its registry, and knows a message's kind by its key", () => {
    expect(Object.keys(CHORES).sort()).toEqual(["orphans", "priceNotices", "priceWithdrawals", "purge"]);
    expect(choreKind({ orphans: [], requestId: "r" })).toBe("orphans");
    expect(choreKind({ priceNotices: { priceChangeId: "p", subscriptionIds: [] } })).toBe("priceNotices");
    expect(choreKind({ requestId: "r" })).toBeUndefined();
    expect(choreKind({ toString: [] })).toBeUndefined();
  });

  it("dispatches a message to its kind's handler, in the sender's request id, and acks it", async () => {
    const prefix = `u/${crypto.randomUUID()}/h/${crypto.randomUUID()}/`;
    await env.IMAGES.put(`${prefix}original.jpg`, "x");
    const { result, lines } = await deliver({ orphans: [prefix], requestId: "chore-ray" });
    expect(result.explicitAcks).toEqual(["c1"]);
    expect(result.retryMessages).toEqual([]);
    expect((await env.IMAGES.list({ prefix })).objects).toEqual([]);
    expect(lines.find((l) => l.message === "cron: deleted photos that had no rows")).toMatchObject({
      requestId: "chore-ray",
      prefixes: 1,
      objects: 1,
    });
  });

  it("logs and acks a message no chore knows, instead of retrying it", async () => {
    const { result, lines } = await deliver({ vacuum: ["x"], requestId: "odd-ray" });
    expect(result.explicitAcks).toEqual(["c1"]);
    expect(result.retryMessages).toEqual([]);
    expect(lines.find((l) => l.message === "queue: no handler for chore")).toMatchObject({ requestId: "odd-ray" });
  });
});
