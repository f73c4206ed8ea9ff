/**
 * The model's quota beyond the minute (issue 45, decision 296): Google's requests per day, which reset at midnight
 * Pacific time. The limiter counts them (GEMINI_REQUESTS_PER_DAY), a per-day 429 from Google holds every call until
 * the reset, the waiting pictures are deferred to it (charged once, told how long), and a wait longer than Queues'
 * longest delay hops without touching the row.
 */
import { describe, expect, it } from "vitest";
import { env, createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import worker from "../index";
import { nextPacificMidnight } from "../../domain/quota-day";
import { createTestUser } from "../test/helpers";
import { creditsRow, envWithModel, headshotRow, seedProcessing, statusOf, testModel } from "../test/headshots";
import { QUEUE_MAX_DELAY_SECONDS, takeSlot } from "./limiter";
import { isPerDayQuota, retryDelaySeconds } from "./retry-info";
import { processGeneration } from "./process";

const unique = (hook: string) => `${hook}-${crypto.randomUUID().slice(0, 8)}`;

async function askStandin(model: string): Promise<Response> {
  return fetch(`${env.GEMINI_BASE_URL}/v1beta/models/${model}:generateContent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-goog-api-key": "test" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }], generationConfig: { responseModalities: ["IMAGE"] } }),
  });
}

describe("the day's quota (decision 296)", { timeout: 120_000 }, () => {
  it("the limiter grants requestsPerDay calls in a Pacific day, then plans every call from the next Pacific midnight", async () => {
    const model = unique("daily-limiter");
    const quota = { requestsPerDay: 2 };
    // 600 a minute: the second's slot is within the second ahead, so both are granted at once
    expect((await takeSlot(env, model, 600, quota)).granted).toBe(true);
    expect((await takeSlot(env, model, 600, quota)).granted).toBe(true);
    const reset = nextPacificMidnight(Date.now());
    const over = await takeSlot(env, model, 600, quota);
    expect(over).toMatchObject({ granted: false, daily: true });
    expect(over.at).toBeGreaterThanOrEqual(reset);
    expect(over.at).toBeLessThan(reset + 60_000);
    // and the next one after it, at the minute's pace from the reset
    const next = await takeSlot(env, model, 600, quota);
    expect(next).toMatchObject({ granted: false, daily: true });
    expect(next.at).toBeGreaterThan(over.at);
  });

  it("the stand-in answers a spent day as Google does: 429 RESOURCE_EXHAUSTED, a per-day QuotaFailure, no RetryInfo", async () => {
    const model = testModel(unique("standin-daily-1"));
    expect((await askStandin(model)).status).toBe(200);
    const refused = await askStandin(model);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as {
      error: { status: string; details: { "@type": string; violations?: { quotaId: string }[] }[] };
    };
    expect(body.error.status).toBe("RESOURCE_EXHAUSTED");
    expect(body.error.details.map((d) => d["@type"])).toEqual([
      "type.googleapis.com/google.rpc.QuotaFailure",
      "type.googleapis.com/google.rpc.Help",
    ]);
    expect(body.error.details[0]!.violations![0]!.quotaId).toBe("GenerateRequestsPerDayPerProjectPerModel");
    expect(isPerDayQuota(body)).toBe(true);
    const now = Date.now();
    expect(retryDelaySeconds(body, now)).toBe(Math.ceil((nextPacificMidnight(now) - now) / 1000));
  });

  it("a per-day 429 defers the picture to the reset, charged once, and the status says how long it waits", async () => {
    const { user, auth } = await createTestUser({ freeGranted: 3 });
    const daily = envWithModel(unique("standin-daily-1"));
    expect(await processGeneration(daily, await seedProcessing(user.id))).toEqual({ action: "completed" });
    const id = await seedProcessing(user.id);
    const reset = nextPacificMidnight(Date.now());
    const outcome = await processGeneration(daily, id);
    expect(outcome.action).toBe("defer");
    const row = await headshotRow(id);
    expect(row).toMatchObject({ status: "processing", attempts: 0, chargedCredit: true });
    expect(row.waitUntil!.getTime()).toBeGreaterThanOrEqual(reset);
    expect(row.waitUntil!.getTime()).toBeLessThan(reset + 120_000);
    if (outcome.action === "defer") expect(outcome.delaySeconds).toBeLessThanOrEqual(QUEUE_MAX_DELAY_SECONDS);
    expect((await creditsRow(user.id)).used).toBe(2);
    const status = (await statusOf(id, auth)) as { status: string; waitSeconds?: number };
    expect(status.status).toBe("processing");
    expect(status.waitSeconds).toBeGreaterThanOrEqual(Math.floor((reset - Date.now()) / 1000) - 5);
    // a second picture asked meanwhile waits for the reset too, without calling Google again
    const another = await seedProcessing(user.id);
    expect((await processGeneration(daily, another)).action).toBe("defer");
    expect((await headshotRow(another)).waitUntil!.getTime()).toBeGreaterThanOrEqual(reset);
  });

  it("a wait longer than Queues' longest delay hops: re-sent with the slot it waits for, the row untouched", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    const until = Date.now() + 20 * 3600_000;
    const sent: { body: unknown; delaySeconds?: number }[] = [];
    const spy = {
      ...env,
      GENERATIONS: { send: async (body: unknown, opts?: { delaySeconds?: number }) => void sent.push({ body, ...opts }) },
    } as unknown as Env;
    const batch = createMessageBatch("headshot-generations", [
      { id: "h1", timestamp: new Date(), attempts: 1, body: { headshotId: id, until } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, spy, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["h1"]);
    expect(sent).toEqual([{ body: { headshotId: id, until }, delaySeconds: QUEUE_MAX_DELAY_SECONDS }]);
    expect(await headshotRow(id)).toMatchObject({ status: "processing", attempts: 0, startedAt: null });
  });
});
