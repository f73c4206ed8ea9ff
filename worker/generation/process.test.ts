import { describe, expect, it } from "vitest";
import { env, createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import worker from "../index";
import { headshots } from "../../db/schema";
import { getConfig } from "../config";
import { getDecrypted } from "../storage/encrypted";
import { headshotPrefix, originalKey, resultKey } from "../storage/keys";
import { MESSAGES } from "../../domain/limits";
import { STYLE_IDS } from "../../domain/styles";
import { client, createTestUser, runJob, testDb } from "../test/helpers";
import { contains, decode, jpegBytes } from "../test/images";
import { creditsRow, envWithChain, envWithModel, headshotRow, seedProcessing, statusOf, testModel } from "../test/headshots";
import { operatorAuth } from "../test/admin";
import { mailTitled } from "../test/auth";
import { withDb } from "../lib/context";
import { MAX_ATTEMPTS, backoffSeconds, processGeneration, type OpenSession } from "./process";
import { sweepStuckGenerations } from "./fail";
import { BLOCKED_MESSAGE, NO_IMAGE_MESSAGE } from "./gemini";
import { buildPrompt } from "./prompts";
import { LAST_FAILURE_KEY, readModelStatus } from "./model-status";
import { MAX_QUOTA_WAIT_SECONDS, WINDOW_MS, modelRetiredAt, takeSlot } from "./limiter";
import { retryDelaySeconds } from "./retry-info";
import { DEFAULT_IMAGE_MODEL, imageCostMills, imageModel, millsToEuroCents } from "../../domain/models";
import type { Gender, StyleId } from "../../domain/styles";

/** The stand-in's answer to the request this headshot's generation made (same photo, prompt and size: the stand-in is deterministic). */
async function askStandin(id: string, imageSize: "1K" | "2K") {
  const row = await headshotRow(id);
  const original = (await getDecrypted(env.IMAGES, getConfig(env), row.originalKey!))!;
  const res = await fetch(`${env.GEMINI_BASE_URL}/v1beta/models/${DEFAULT_IMAGE_MODEL}:generateContent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-goog-api-key": "test" },
    body: JSON.stringify({
      contents: [
        {
          role: "user",
          parts: [
            { inlineData: { mimeType: original.contentType, data: Buffer.from(original.bytes).toString("base64") } },
            { text: buildPrompt(row.style as StyleId, row.gender as Gender | null, { photos: 1, backgroundColor: row.backgroundColor }) },
          ],
        },
      ],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig: { imageSize, aspectRatio: "1:1" } },
    }),
  });
  const body = (await res.json()) as { candidates: { content: { parts: { inlineData: { data: string }; thought?: boolean }[] } }[] };
  const parts = body.candidates[0]!.content.parts;
  const bytes = (p: (typeof parts)[number]) => new Uint8Array(Buffer.from(p.inlineData.data, "base64"));
  return { thought: bytes(parts.find((p) => p.thought)!), final: bytes(parts.filter((p) => !p.thought).at(-1)!) };
}

const uniqueModel = (hook: string) => testModel(`${hook}-${crypto.randomUUID().slice(0, 8)}`);

async function resultPixels(userId: string, id: string) {
  const stored = await getDecrypted(env.IMAGES, getConfig(env), resultKey(userId, id));
  return decode(stored!.bytes);
}

describe("processGeneration", () => {
  it("completes a headshot: stores the encrypted result, records duration, cost and watermark", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    expect(await processGeneration(env, id)).toEqual({ action: "completed" });
    const row = await headshotRow(id);
    expect(row).toMatchObject({
      status: "completed",
      resultKey: resultKey(user.id, id),
      resultMime: "image/png",
      watermarked: true,
      attempts: 1,
      error: null,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    expect(row.completedAt).toBeInstanceOf(Date);
    const raw = new Uint8Array(await (await env.IMAGES.get(resultKey(user.id, id)))!.arrayBuffer());
    expect(contains(raw, "IHDR")).toBe(false); // encrypted at rest
    expect((await resultPixels(user.id, id)).width).toBe(1024);
  });

  it("is idempotent: a second delivery does nothing and does not call the model again", async () => {
    const { user } = await createTestUser();
    const model = uniqueModel("once");
    const id = await seedProcessing(user.id);
    expect((await processGeneration(envWithModel(model), id)).action).toBe("completed");
    const first = await headshotRow(id);
    expect(await processGeneration(envWithModel(model), id)).toEqual({ action: "skipped", status: "completed" });
    expect(await headshotRow(id)).toEqual(first);
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
    expect(stats.calls[model]).toBe(1);
    expect((await creditsRow(user.id)).used).toBe(1);
  });

  it("skips rows that are not processing (pending, failed, unknown)", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    const { db, close } = testDb();
    await db.update(headshots).set({ status: "pending" }).where(eq(headshots.id, id));
    await close();
    expect(await processGeneration(env, id)).toEqual({ action: "skipped", status: "pending" });
    expect(await processGeneration(env, crypto.randomUUID())).toEqual({ action: "skipped", status: null });
  });

  it("watermarks free results (compared pixel by pixel with the model's own 1K picture) and not subscribers'", async () => {
    const free = await createTestUser();
    const paid = await createTestUser({ subscription: { planType: "monthly" } });
    const bytes = jpegBytes(200, 160, 7);
    const freeId = await seedProcessing(free.user.id, { chargedCredit: true, style: "Suit", gender: "man", bytes });
    const paidId = await seedProcessing(paid.user.id, { chargedCredit: false, style: "Suit", gender: "man", bytes });
    await processGeneration(env, freeId);
    await processGeneration(env, paidId);
    expect((await headshotRow(freeId)).watermarked).toBe(true);
    expect((await headshotRow(paidId)).watermarked).toBe(false);
    const a = await resultPixels(free.user.id, freeId);
    const b = decode((await askStandin(freeId, "1K")).final);
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    const rowBytes = a.width * 4;
    let differing = 0;
    let differingTop = 0;
    for (let i = 0; i < a.pixels.length; i += 4) {
      if (a.pixels[i] !== b.pixels[i] || a.pixels[i + 1] !== b.pixels[i + 1] || a.pixels[i + 2] !== b.pixels[i + 2]) {
        differing++;
        if (i < rowBytes * Math.floor(a.height * 0.3)) differingTop++;
      }
    }
    expect(differing / (a.width * a.height)).toBeGreaterThan(0.01); // a visible mark
    expect(differingTop).toBe(0); // the face area above it is untouched
    // the subscriber's is the model's final picture as it came, byte for byte
    const stored = await getDecrypted(env.IMAGES, getConfig(env), resultKey(paid.user.id, paidId));
    expect(Buffer.from(stored!.bytes).equals(Buffer.from((await askStandin(paidId, "2K")).final))).toBe(true);
  });

  it("asks free generations for 1K and paid ones for 2K: the decoded results are 1024 and 2048 px, and each records the cost of its size", async () => {
    const free = await createTestUser();
    const paid = await createTestUser({ subscription: { planType: "monthly" } });
    const model = uniqueModel("sizes");
    const freeId = await seedProcessing(free.user.id, { chargedCredit: true });
    const paidId = await seedProcessing(paid.user.id, { chargedCredit: false });
    expect((await processGeneration(envWithModel(model), freeId)).action).toBe("completed");
    expect((await processGeneration(envWithModel(model), paidId)).action).toBe("completed");
    const a = await resultPixels(free.user.id, freeId);
    const b = await resultPixels(paid.user.id, paidId);
    expect([a.width, a.height]).toEqual([1024, 1024]);
    expect([b.width, b.height]).toEqual([2048, 2048]);
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { sizes: Record<string, Record<string, number>> };
    expect(stats.sizes[model]).toEqual({ "1K": 1, "2K": 1 });
    // the table's price of each size in euro cents, plus the input and thinking tokens (well under a cent here)
    const flash = imageModel(DEFAULT_IMAGE_MODEL)!;
    const [freeCost, paidCost] = [(await headshotRow(freeId)).costCents!, (await headshotRow(paidId)).costCents!];
    expect(freeCost).toBeGreaterThanOrEqual(millsToEuroCents(imageCostMills(flash, "1K")));
    expect(freeCost).toBeLessThanOrEqual(millsToEuroCents(imageCostMills(flash, "1K") + 5));
    expect(paidCost).toBeGreaterThanOrEqual(millsToEuroCents(imageCostMills(flash, "2K")));
    expect(paidCost).toBeLessThanOrEqual(millsToEuroCents(imageCostMills(flash, "2K") + 5));
    expect(paidCost).toBeGreaterThan(freeCost);
  });

  it("never stores the interim picture of a thought part as the result", async () => {
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    expect((await processGeneration(env, id)).action).toBe("completed");
    const { thought, final } = await askStandin(id, "2K");
    const stored = Buffer.from((await getDecrypted(env.IMAGES, getConfig(env), resultKey(user.id, id)))!.bytes);
    expect(stored.equals(Buffer.from(thought))).toBe(false);
    expect(stored.equals(Buffer.from(final))).toBe(true);
  });

  it("retries an answer of the wrong size (a model that ignored imageConfig) instead of storing it", async () => {
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    const outcome = await processGeneration(envWithModel(uniqueModel("standin-size-1024")), id);
    expect(outcome).toMatchObject({ action: "retry", reason: expect.stringContaining("1024×1024 for a 2K request") });
    expect(await env.IMAGES.get(resultKey(user.id, id))).toBeNull();
  });

  // configuration and account failures (decisions 161, 291): ours or the Google account's, never the person's photo
  const accountFailures = [
    { hook: "standin-retired", status: 404, problem: "gone", fix: /^Google does not serve .* set GEMINI_MODEL to a live model/ },
    { hook: "standin-status-401", status: 401, problem: "key", fix: /^Google refused the API key: set a valid GEMINI_API_KEY/ },
    {
      hook: "standin-status-403",
      status: 403,
      problem: "access",
      fix: /^The API key has no access to .*: enable the Gemini API and billing/,
    },
    {
      hook: "standin-billing",
      status: 400,
      problem: "billing",
      fix: /^Billing is not enabled on the key's Google project \(400 FAILED_PRECONDITION\): link a billing account/,
    },
    {
      hook: "standin-status-402",
      status: 402,
      problem: "prepay",
      fix: /^The Google project's prepaid credit is used up \(402\): add credit in Google AI Studio/,
    },
    {
      hook: "standin-pup",
      status: 200,
      problem: "policy",
      fix: /^Google has limited or disabled the project for Prohibited Use Policy violations \(finish reason PUP_LIMITED_DISABLED\)/,
    },
  ] as const;
  for (const { hook, status, problem, fix } of accountFailures) {
    it(`${hook} (${problem}; for a 404, with no fallback left) is not retried: it fails at once, refunds once, the person is told it was not their photo, and Monitoring says what to do`, async () => {
      const { user, auth } = await createTestUser();
      const id = await seedProcessing(user.id);
      expect((await creditsRow(user.id)).used).toBe(1);
      const model = uniqueModel(hook);
      const outcome = await processGeneration(envWithChain(model, []), id);
      expect(outcome).toMatchObject({
        action: "failed",
        reason: expect.stringContaining(
          status === 200 ? `${model} answered finishReason PUP_LIMITED_DISABLED` : `HTTP ${status} from ${model}`,
        ),
      });
      expect(await headshotRow(id)).toMatchObject({
        status: "failed",
        error: MESSAGES.generationUnavailable,
        attempts: 1,
        creditRefunded: true,
      });
      expect(MESSAGES.generationUnavailable).toContain("It was not your photo");
      expect((await creditsRow(user.id)).used).toBe(0);
      expect(await statusOf(id, auth)).toEqual({ status: "failed", error: MESSAGES.generationUnavailable, refunded: true });
      // a second delivery neither calls the model again nor refunds again
      expect((await processGeneration(envWithChain(model, []), id)).action).toBe("skipped");
      expect((await creditsRow(user.id)).used).toBe(0);
      const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
      expect(stats.calls[model]).toBe(1);
      const failure = JSON.parse(await (await env.IMAGES.get(LAST_FAILURE_KEY))!.text()) as { model: string; status: number };
      expect(failure).toMatchObject({ model, status, problem });
      const { db, close } = testDb();
      try {
        const card = await readModelStatus(db, env.IMAGES, getConfig(env), new Date());
        expect(card.lastFailure).toMatchObject({ model, problem, fixed: false });
        expect(card.lastFailure!.whatToFix).toMatch(fix);
      } finally {
        await close();
      }
    });
  }

  it("an account failure is not the model's: it never moves the generation to the next model of the chain", async () => {
    const u = crypto.randomUUID().slice(0, 8);
    const [first, fallback] = [testModel(`standin-status-402-${u}`), `gemini-3-pro-image--untouched-${u}`];
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    expect((await processGeneration(envWithChain(first, [fallback]), id)).action).toBe("failed");
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
    expect([stats.calls[first], stats.calls[fallback]]).toEqual([1, undefined]);
    expect(await modelRetiredAt(env, first)).toBeNull();
  });

  it("a 404 mid-run (Google shut the model down) moves that generation to the next model of the chain once, and every later one in every isolate; the operator is mailed once", async () => {
    const u = crypto.randomUUID().slice(0, 8);
    const first = testModel(`standin-retired-after-1-${u}`); // serves one call, then 404 NOT_FOUND
    const fallback = `gemini-3-pro-image--fallback-${u}`;
    const isolate = () => envWithChain(first, [fallback]); // a new env object: its config parsed again, nothing kept in memory
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await seedProcessing(user.id, { chargedCredit: false }));
    const calls = async () => {
      const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
      return [stats.calls[first] ?? 0, stats.calls[fallback] ?? 0];
    };
    const subject = `Headshot Studio: Google no longer serves the image model ${first}`;
    const operator = getConfig(env).OPERATOR_EMAIL;

    expect(await processGeneration(isolate(), ids[0]!)).toEqual({ action: "completed" });
    expect(await calls()).toEqual([1, 0]);
    expect(await mailTitled(operator, subject)).toBeUndefined();
    // the model is gone: this generation is tried once on the fallback, and completes at the fallback's price
    expect(await processGeneration(isolate(), ids[1]!)).toEqual({ action: "completed" });
    expect(await calls()).toEqual([2, 1]);
    const pro = imageModel("gemini-3-pro-image")!;
    const cost = (await headshotRow(ids[1]!)).costCents!;
    expect(cost).toBeGreaterThanOrEqual(millsToEuroCents(imageCostMills(pro, "2K")));
    expect(cost).toBeLessThanOrEqual(millsToEuroCents(imageCostMills(pro, "2K") + 10));
    expect((await headshotRow(ids[0]!)).costCents!).toBeLessThan(cost); // Nano Banana 2.1's own price before
    // two more isolates: neither asks the retired model again
    expect(await processGeneration(isolate(), ids[2]!)).toEqual({ action: "completed" });
    expect(await processGeneration(isolate(), ids[3]!)).toEqual({ action: "completed" });
    expect(await calls()).toEqual([2, 3]);
    // the operator is told once, naming the retired id and the model that serves now
    const mail = await mailTitled(operator, subject);
    expect(mail!.text).toContain(`Google answered 404 NOT_FOUND for ${first}`);
    expect(mail!.text).toContain(`Every generation now goes to ${fallback}`);
    const { messages } = await (await client.dev.mailbox.$get({ query: { to: operator } })).json();
    expect(messages.filter((m) => m.subject === subject)).toHaveLength(1);
    // Monitoring: the fallback serves, the first is retired since the 404
    const { db, close } = testDb();
    try {
      const status = await readModelStatus(db, env.IMAGES, getConfig(isolate()), new Date(), (m) => modelRetiredAt(env, m));
      expect(status).toMatchObject({ model: "gemini-3-pro-image", configured: DEFAULT_IMAGE_MODEL });
      expect(status.chain.map((c) => c.state)).toEqual(["retired", "serving"]);
      expect(status.chain[0]!.since).not.toBeNull();
    } finally {
      await close();
    }
  });

  it("a 404 on the fallback too fails the generation with a refund (tried once, no loop), and both models are retired", async () => {
    const u = crypto.randomUUID().slice(0, 8);
    const [first, second] = [testModel(`standin-retired-${u}`), `gemini-3-pro-image--standin-retired-${u}`];
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    expect(await processGeneration(envWithChain(first, [second]), id)).toMatchObject({ action: "failed" });
    expect(await headshotRow(id)).toMatchObject({ status: "failed", error: MESSAGES.generationUnavailable, creditRefunded: true });
    expect([await modelRetiredAt(env, first), await modelRetiredAt(env, second)].every((t) => t !== null)).toBe(true);
    // the next one finds no model left without calling Google, and is refunded too
    const next = await seedProcessing(user.id);
    expect(await processGeneration(envWithChain(first, [second]), next)).toMatchObject({ action: "failed" });
    expect(await headshotRow(next)).toMatchObject({ status: "failed", error: MESSAGES.generationUnavailable, creditRefunded: true });
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
    expect([stats.calls[first], stats.calls[second]]).toEqual([1, 1]);
  });

  it("asks for a retry with backoff on transient errors, then fails saying why and refunds once", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    expect((await creditsRow(user.id)).used).toBe(1);
    const failing = envWithModel(uniqueModel("standin-fail-99"));
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const outcome = await processGeneration(failing, id);
      expect(outcome).toMatchObject({ action: "retry", delaySeconds: backoffSeconds(attempt) });
      expect(await headshotRow(id)).toMatchObject({ status: "processing", attempts: attempt });
    }
    expect(await processGeneration(failing, id)).toMatchObject({ action: "failed" });
    expect(await headshotRow(id)).toMatchObject({
      status: "failed",
      error: MESSAGES.generationBusy,
      chargedCredit: false,
      creditRefunded: true,
      attempts: MAX_ATTEMPTS,
    });
    expect((await creditsRow(user.id)).used).toBe(0);
    // a late duplicate changes nothing and refunds nothing more
    expect((await processGeneration(failing, id)).action).toBe("skipped");
    expect((await creditsRow(user.id)).used).toBe(0);
    expect(await env.IMAGES.get(resultKey(user.id, id))).toBeNull();
  });

  it("recovers when the model comes back before the limit", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    const flaky = envWithModel(uniqueModel("standin-fail-2"));
    expect((await processGeneration(flaky, id)).action).toBe("retry");
    expect((await processGeneration(flaky, id)).action).toBe("retry");
    expect((await processGeneration(flaky, id)).action).toBe("completed");
    expect((await creditsRow(user.id)).used).toBe(1);
  });

  for (const [hook, message] of [
    ["standin-block", BLOCKED_MESSAGE],
    ["standin-block-prompt", BLOCKED_MESSAGE],
    ["standin-noimage", NO_IMAGE_MESSAGE],
  ] as const) {
    it(`fails at once with a readable reason and a refund on ${hook}`, async () => {
      const { user, auth } = await createTestUser();
      const id = await seedProcessing(user.id);
      expect(await processGeneration(envWithModel(uniqueModel(hook)), id)).toEqual({ action: "failed", reason: message });
      expect(await headshotRow(id)).toMatchObject({ status: "failed", error: message, attempts: 1 });
      expect((await creditsRow(user.id)).used).toBe(0);
      const status = await statusOf(id, auth);
      expect(status).toEqual({ status: "failed", error: message, refunded: true });
    });
  }

  it("does not refund a subscriber's failure (nothing was charged)", async () => {
    const { user } = await createTestUser({ freeUsed: 1, subscription: { planType: "weekly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    await processGeneration(envWithModel(uniqueModel("standin-block")), id);
    expect((await creditsRow(user.id)).used).toBe(1);
  });
});

/**
 * An env whose IMAGES bucket runs `during` when the consumer writes a result — before the write
 * ("before") or after it ("after") — to stage what happens while a generation is in flight.
 */
function envInterrupting(when: "before" | "after", during: () => Promise<void>): Env {
  const bucket = env.IMAGES;
  const images = new Proxy(bucket, {
    get(target, prop) {
      if (prop !== "put") return Reflect.get(target, prop).bind(target);
      return async (key: string, ...rest: unknown[]) => {
        const isResult = key.endsWith("/result");
        if (isResult && when === "before") await during();
        const put = await (target.put as (...a: unknown[]) => Promise<R2Object | null>)(key, ...rest);
        if (isResult && when === "after") await during();
        return put;
      };
    },
  });
  return { ...env, IMAGES: images } as Env;
}

const objectsUnder = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

describe("a generation in flight when its headshot goes away", () => {
  const removeByModeration = async (id: string) => {
    const op = await operatorAuth();
    const res = await client.admin.moderation.headshots.batch.$delete({ json: { ids: [id] } }, { headers: op.auth });
    expect(res.status).toBe(200);
  };

  for (const when of ["before", "after"] as const) {
    it(`removed by moderation ${when} the result is written: no result is kept, the row fails (refunded), never completes`, async () => {
      const { user } = await createTestUser();
      const id = await seedProcessing(user.id);
      const outcome = await processGeneration(
        envInterrupting(when, () => removeByModeration(id)),
        id,
      );
      expect(outcome).toEqual({ action: "failed", reason: MESSAGES.headshotRemoved });
      expect(await headshotRow(id)).toMatchObject({
        status: "failed",
        moderationStatus: "removed",
        resultKey: null,
        error: MESSAGES.headshotRemoved,
      });
      expect(await objectsUnder(headshotPrefix(user.id, id))).toEqual([]);
      expect((await creditsRow(user.id)).used).toBe(0);
    });
  }

  it("removed before its delivery: fails without calling the model or writing anything", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    await removeByModeration(id);
    const model = uniqueModel("removed");
    expect(await processGeneration(envWithModel(model), id)).toEqual({ action: "failed", reason: MESSAGES.headshotRemoved });
    expect(await headshotRow(id)).toMatchObject({ status: "failed", moderationStatus: "removed" });
    expect(await objectsUnder(headshotPrefix(user.id, id))).toEqual([]);
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { calls: Record<string, number> };
    expect(stats.calls[model]).toBeUndefined();
  });

  for (const when of ["before", "after"] as const) {
    it(`owner deleted ${when} the result is written: nothing of theirs is left in the bucket`, async () => {
      const { user } = await createTestUser();
      const id = await seedProcessing(user.id);
      const deleteAccount = async () => {
        const op = await operatorAuth();
        expect((await client.admin.users[":id"].$delete({ param: { id: user.id } }, { headers: op.auth })).status).toBe(200);
      };
      const outcome = await processGeneration(envInterrupting(when, deleteAccount), id);
      expect(outcome).toEqual({ action: "skipped", status: null });
      expect(await objectsUnder(`u/${user.id}/`)).toEqual([]);
    });
  }
});

describe("claim, render, complete (decision 080)", () => {
  /** A session opener that counts open sessions, and a bucket that records that count when the original is read and the result written. */
  function recording(base: Env, failSessionNo?: number) {
    let open = 0;
    let opened = 0;
    const seen: { op: string; openSessions: number }[] = [];
    const openSession: OpenSession = async (e, fn) => {
      opened++;
      if (opened === failSessionNo) throw new Error("the process died here");
      open++;
      try {
        return await withDb(e, (db) => fn(db));
      } finally {
        open--;
      }
    };
    const images = new Proxy(base.IMAGES, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop !== "get" && prop !== "put") return typeof value === "function" ? value.bind(target) : value;
        return (...args: unknown[]) => {
          seen.push({ op: String(prop), openSessions: open });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { env: { ...base, IMAGES: images } as Env, openSession, seen, sessions: () => opened };
  }

  it("holds no database session while the original is read, the model runs and the result is written", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    const r = recording(env);
    expect(await processGeneration(r.env, id, { openSession: r.openSession })).toEqual({ action: "completed" });
    // the original before the model; after it the (free, watermarked) picture's clean copy and the result
    expect(r.seen.map((s) => s.op)).toEqual(["get", "put", "put"]);
    expect(r.seen.every((s) => s.openSessions === 0)).toBe(true);
    expect(r.sessions()).toBe(2); // claim, complete
  });

  it("a process that dies before completing leaves the row processing; the redelivery completes it, charged once", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id);
    const dying = recording(env, 2); // the complete step's session never opens
    await expect(processGeneration(dying.env, id, { openSession: dying.openSession })).rejects.toThrow("the process died here");
    expect(await headshotRow(id)).toMatchObject({ status: "processing", attempts: 1 });
    expect(await processGeneration(env, id)).toEqual({ action: "completed" });
    expect(await headshotRow(id)).toMatchObject({ status: "completed", attempts: 2, resultKey: resultKey(user.id, id) });
    expect((await creditsRow(user.id)).used).toBe(1);
  });
});

describe("the queue handler", () => {
  it("acks completed jobs and pings, and retries transient failures with a delay", async () => {
    const { user } = await createTestUser();
    const ok = await seedProcessing(user.id);
    const batch = createMessageBatch("headshot-generations", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { headshotId: ok } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { ping: "x" } },
      { id: "m3", timestamp: new Date(), attempts: 1, body: { headshotId: ok } }, // duplicate delivery
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    expect(result.retryMessages).toEqual([]);
    expect((await headshotRow(ok)).status).toBe("completed");

    const flaky = await seedProcessing(user.id, { chargedCredit: false });
    const batch2 = createMessageBatch("headshot-generations", [
      { id: "m4", timestamp: new Date(), attempts: 1, body: { headshotId: flaky } },
    ]);
    const ctx2 = createExecutionContext();
    await worker.queue(batch2 as MessageBatch<never>, envWithModel(uniqueModel("standin-fail-1")), ctx2);
    const result2 = await getQueueResult(batch2, ctx2);
    expect(result2.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m4"]); // the delay (backoffSeconds) is asserted on processGeneration above
    expect(result2.explicitAcks).toEqual([]);
  });
});

/** The RetryInfo delay (seconds) the stand-in sends for this model now: a request past its quota, answered 429. */
async function standinRetryDelay(model: string): Promise<number> {
  const res = await fetch(`${env.GEMINI_BASE_URL}/v1beta/models/${model}:generateContent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-goog-api-key": "test" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }], generationConfig: { responseModalities: ["IMAGE"] } }),
  });
  expect(res.status).toBe(429);
  return retryDelaySeconds(await res.json())!;
}

/** An env whose model (stand-in hooks included) the shared limiter paces at `perMinute`. */
const pacedEnv = (model: string, perMinute: number) => ({ ...envWithModel(model), GEMINI_IMAGES_PER_MINUTE: String(perMinute) }) as Env;

describe("the model's quota (issue 34, decision 191)", () => {
  it("on a 429 waits at least as long as Google's RetryInfo asked: not a failed try, not charged again, and the status says busy", async () => {
    const { user, auth } = await createTestUser();
    const model = uniqueModel("standin-quota-1");
    const first = await seedProcessing(user.id);
    const second = await seedProcessing(user.id);
    expect((await creditsRow(user.id)).used).toBe(2);
    expect((await processGeneration(envWithModel(model), first)).action).toBe("completed");
    // what Google asks shrinks as its minute passes: asked just before and just after, the job's own ask is between
    const askedBefore = await standinRetryDelay(model);
    const outcome = await processGeneration(envWithModel(model), second);
    const asked = await standinRetryDelay(model);
    expect(asked).toBeGreaterThan(backoffSeconds(1)); // most of the minute's window is left
    expect(outcome).toMatchObject({ action: "defer" });
    const { delaySeconds, waitUntil } = outcome as Extract<typeof outcome, { action: "defer" }>;
    expect(delaySeconds).toBeGreaterThanOrEqual(asked);
    expect(delaySeconds).toBeLessThanOrEqual(Math.ceil(askedBefore * 1.1) + 1); // the jitter is at most 10 %
    const row = await headshotRow(second);
    expect(row).toMatchObject({ status: "processing", attempts: 0, error: null, chargedCredit: true, waitUntil });
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(waitUntil.getTime()); // the sweeper leaves it alone
    expect((await creditsRow(user.id)).used).toBe(2);
    const beforePoll = Date.now();
    const status = await statusOf(second, auth);
    const afterPoll = Date.now();
    expect(status).toMatchObject({ status: "processing", attempt: 1, retrying: false });
    // the time to the reserved slot as the poll saw it (whole seconds, rounded up), however long the poll took
    const { waitSeconds } = status as { waitSeconds: number };
    expect(waitSeconds).toBeGreaterThanOrEqual(Math.ceil((waitUntil.getTime() - afterPoll) / 1000));
    expect(waitSeconds).toBeLessThanOrEqual(Math.ceil((waitUntil.getTime() - beforePoll) / 1000));
    expect(waitSeconds).toBeLessThanOrEqual(delaySeconds);
    // a duplicate delivery before the slot does nothing
    expect((await processGeneration(envWithModel(model), second)).action).toBe("skipped");
    expect((await headshotRow(second)).attempts).toBe(0);
  });

  it("spaces the model's calls by the configured pace: a job past its slot waits on the queue without calling the model", async () => {
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const paced = pacedEnv(uniqueModel("pace"), 2); // two images a minute: one every 31 s
    const seed = () => seedProcessing(user.id, { chargedCredit: false });
    const ids = [await seed(), await seed(), await seed()];
    // The schedule is asserted against the clock readings around each call, not against fixed margins: on a
    // loaded machine the first generation may take seconds, which moves the plan but not its spacing.
    const outcomes = [];
    const clock: { before: number; after: number }[] = [];
    for (const id of ids) {
      const before = Date.now();
      outcomes.push(await processGeneration(paced, id));
      clock.push({ before, after: Date.now() });
    }
    expect(outcomes[0]).toEqual({ action: "completed" });
    expect(outcomes.slice(1).map((o) => o.action)).toEqual(["defer", "defer"]);
    const [second, third] = outcomes.slice(1) as Extract<(typeof outcomes)[number], { action: "defer" }>[];
    const interval = WINDOW_MS / 2; // Google's minute and the margin (decision 235)
    // the first call took the slot of its moment; the second the one an interval later, the third the next
    expect(second!.waitUntil.getTime()).toBeGreaterThanOrEqual(clock[0]!.before + interval);
    expect(second!.waitUntil.getTime()).toBeLessThanOrEqual(clock[0]!.after + interval);
    expect(third!.waitUntil.getTime() - second!.waitUntil.getTime()).toBe(interval);
    // each is re-queued for its slot as seen when it asked (whole seconds, rounded up)
    for (const [i, o] of [second!, third!].entries()) {
      const { before, after } = clock[i + 1]!;
      expect(o.delaySeconds).toBeGreaterThanOrEqual(Math.ceil((o.waitUntil.getTime() - after) / 1000));
      expect(o.delaySeconds).toBeLessThanOrEqual(Math.ceil((o.waitUntil.getTime() - before) / 1000));
    }
    // no try was made for them: nothing written, no attempt counted
    for (const id of ids.slice(1)) {
      expect(await headshotRow(id)).toMatchObject({ status: "processing", attempts: 0, resultKey: null });
    }
    // when its slot comes (the re-queued message arrives), the job uses its reservation: no new one, no further wait
    const { db, close } = testDb();
    try {
      await db
        .update(headshots)
        .set({ waitUntil: new Date(Date.now() - 500) })
        .where(eq(headshots.id, ids[1]!));
    } finally {
      await close();
    }
    expect(await processGeneration(paced, ids[1]!)).toEqual({ action: "completed" });
    expect(await headshotRow(ids[1]!)).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("a job that was granted the model but could not call it (its photo is gone) gives the call back: the next job is not kept waiting (decision 235)", async () => {
    const { user } = await createTestUser({ subscription: { planType: "monthly" } });
    const paced = pacedEnv(uniqueModel("give-back"), 1); // one image a minute
    const broken = await seedProcessing(user.id, { chargedCredit: false });
    await env.IMAGES.delete(originalKey(user.id, broken));
    expect(await processGeneration(paced, broken)).toMatchObject({ action: "failed" });
    const next = await seedProcessing(user.id, { chargedCredit: false });
    // the minute's one call was not used: the next job is granted it at once (without the give-back: a minute's wait)
    expect(await processGeneration(paced, next)).toEqual({ action: "completed" });
  });

  it("the queue re-queues a waiting job as a new message with its delay and acks the old one (no retry counted)", async () => {
    const { user } = await createTestUser();
    const paced = pacedEnv(uniqueModel("requeue"), 1);
    const firstSeeded = await seedProcessing(user.id);
    const beforeFirst = Date.now();
    await processGeneration(paced, firstSeeded); // takes the minute's one slot
    const id = await seedProcessing(user.id);
    const sent: { body: unknown; delaySeconds?: number }[] = [];
    const spy = {
      ...paced,
      GENERATIONS: { send: async (body: unknown, opts?: { delaySeconds?: number }) => void sent.push({ body, ...opts }) },
    } as unknown as Env;
    const batch = createMessageBatch("headshot-generations", [
      { id: "q1", timestamp: new Date(), attempts: 3, body: { headshotId: id, requestId: "r1" } },
    ]);
    const ctx = createExecutionContext();
    const beforeQueue = Date.now();
    await worker.queue(batch as MessageBatch<never>, spy, ctx);
    const result = await getQueueResult(batch, ctx);
    const afterQueue = Date.now();
    expect(result.explicitAcks).toEqual(["q1"]);
    expect(result.retryMessages).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ headshotId: id, requestId: "r1" });
    // its slot is the minute's next (a window after the first call), and the new message is delayed until then as
    // the consumer saw the time (whole seconds, rounded up): checked against clock readings, not a fixed margin
    const waitUntil = (await headshotRow(id)).waitUntil!.getTime();
    expect(waitUntil).toBeGreaterThanOrEqual(beforeFirst + WINDOW_MS);
    expect(sent[0]!.delaySeconds).toBeGreaterThanOrEqual(Math.ceil((waitUntil - afterQueue) / 1000));
    expect(sent[0]!.delaySeconds).toBeLessThanOrEqual(Math.ceil((waitUntil - beforeQueue) / 1000));
  });

  it("a waiting job is charged once; when its slot comes it is tried, and one the quota has no room for within hours fails refunded exactly once", async () => {
    const { user } = await createTestUser();
    const model = uniqueModel("standin-quota-1");
    const paced = envWithModel(model);
    await processGeneration(paced, await seedProcessing(user.id));
    const id = await seedProcessing(user.id);
    expect((await creditsRow(user.id)).used).toBe(2);
    expect((await processGeneration(paced, id)).action).toBe("defer");
    // its slot has come (as when the re-queued message arrives), but Google's minute is still full: it waits again
    const { db, close } = testDb();
    const slotCame = () =>
      db
        .update(headshots)
        .set({ waitUntil: new Date(Date.now() - 1000) })
        .where(eq(headshots.id, id));
    try {
      await slotCame();
      expect((await processGeneration(paced, id)).action).toBe("defer");
      expect(await headshotRow(id)).toMatchObject({ status: "processing", attempts: 0, chargedCredit: true });
      expect((await creditsRow(user.id)).used).toBe(2);
      // the quota is gone for longer than the wait allows (someone else's backlog on this model)
      await takeSlot(env, testModel(model), 60, { notBefore: Date.now() + (MAX_QUOTA_WAIT_SECONDS + 60) * 1000 });
      await slotCame();
    } finally {
      await close();
    }
    expect(await processGeneration(paced, id)).toEqual({ action: "failed", reason: MESSAGES.generationQueuedTooLong });
    expect(await headshotRow(id)).toMatchObject({ status: "failed", chargedCredit: false, creditRefunded: true });
    expect((await creditsRow(user.id)).used).toBe(1);
    expect((await processGeneration(paced, id)).action).toBe("skipped");
    expect((await runJob(sweepStuckGenerations)).map((f) => f.id)).not.toContain(id);
    expect((await creditsRow(user.id)).used).toBe(1);
  });
});

describe("the stuck-job sweeper", () => {
  it("fails rows processing longer than STUCK_AFTER_MINUTES and refunds them, once", async () => {
    const { user } = await createTestUser();
    const stuck = await seedProcessing(user.id, { queuedAt: new Date(Date.now() - 11 * 60_000) });
    const fresh = await seedProcessing(user.id, { queuedAt: new Date() });
    expect((await creditsRow(user.id)).used).toBe(2);
    const failed = await runJob(sweepStuckGenerations);
    expect(failed).toContainEqual({ id: stuck, userId: user.id, refunded: true });
    expect(failed.map((f) => f.id)).not.toContain(fresh);
    expect(await headshotRow(stuck)).toMatchObject({ status: "failed", error: MESSAGES.generationStuck });
    expect((await headshotRow(fresh)).status).toBe("processing");
    expect((await creditsRow(user.id)).used).toBe(1);
    expect((await runJob(sweepStuckGenerations)).map((f) => f.id)).not.toContain(stuck);
    expect((await creditsRow(user.id)).used).toBe(1);
    // a late consumer run cannot complete what the sweeper failed
    expect((await processGeneration(env, stuck)).action).toBe("skipped");
    expect((await headshotRow(stuck)).status).toBe("failed");
  });

  it("follows the clock it is given: stuck once STUCK_AFTER_MINUTES have passed, not before", async () => {
    const { user } = await createTestUser();
    // in the past, so the clocks below never reach other tests' rows
    const queuedAt = new Date(Date.now() - 2 * 3600_000);
    const id = await seedProcessing(user.id, { queuedAt });
    const after = (minutes: number) => new Date(queuedAt.getTime() + minutes * 60_000);
    const stuckAfter = getConfig(env).STUCK_AFTER_MINUTES;
    expect((await runJob(sweepStuckGenerations, after(stuckAfter - 1))).map((f) => f.id)).not.toContain(id);
    expect((await headshotRow(id)).status).toBe("processing");
    expect((await runJob(sweepStuckGenerations, after(stuckAfter + 1))).map((f) => f.id)).toContain(id);
    expect(await headshotRow(id)).toMatchObject({ status: "failed", chargedCredit: false });
    expect((await creditsRow(user.id)).used).toBe(0);
  });

  it("never sweeps a job inside its retry schedule: the last retry's success is kept (issue 34)", async () => {
    const { user } = await createTestUser();
    // queued long ago (past STUCK_AFTER_MINUTES), as a job deep in its retry schedule behind a backlog is
    const id = await seedProcessing(user.id, { queuedAt: new Date(Date.now() - 2 * 3600_000) });
    const flaky = envWithModel(uniqueModel(`standin-fail-${MAX_ATTEMPTS - 1}`));
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect((await processGeneration(flaky, id)).action).toBe("retry");
      // the sweeper runs while the retry waits for its delay
      expect((await runJob(sweepStuckGenerations)).map((f) => f.id)).not.toContain(id);
      expect((await headshotRow(id)).status).toBe("processing");
    }
    expect(await processGeneration(flaky, id)).toEqual({ action: "completed" });
    expect(await headshotRow(id)).toMatchObject({
      status: "completed",
      attempts: MAX_ATTEMPTS,
      chargedCredit: true,
      creditRefunded: false,
    });
    expect((await creditsRow(user.id)).used).toBe(1);
  });

  it("sweeps a job whose lease ran out STUCK_AFTER_MINUTES ago (a try that died), once", async () => {
    const { user } = await createTestUser();
    const id = await seedProcessing(user.id, { queuedAt: new Date(Date.now() - 2 * 3600_000) });
    expect((await processGeneration(envWithModel(uniqueModel("standin-fail-1")), id)).action).toBe("retry");
    const { leaseUntil } = await headshotRow(id);
    const stuckAfter = getConfig(env).STUCK_AFTER_MINUTES;
    const at = (minutes: number) => new Date(leaseUntil!.getTime() + minutes * 60_000);
    expect((await runJob(sweepStuckGenerations, at(stuckAfter - 1))).map((f) => f.id)).not.toContain(id);
    expect((await runJob(sweepStuckGenerations, at(stuckAfter + 1))).map((f) => f.id)).toContain(id);
    expect(await headshotRow(id)).toMatchObject({ status: "failed", error: MESSAGES.generationStuck, creditRefunded: true });
  });

  it("runs from the cron trigger", async () => {
    const { user } = await createTestUser();
    const stuck = await seedProcessing(user.id, { queuedAt: new Date(Date.now() - 60 * 60_000) });
    const ctx = createExecutionContext();
    const { createScheduledController, waitOnExecutionContext } = await import("cloudflare:test");
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await headshotRow(stuck)).status).toBe("failed");
  });
});

describe("prompts", () => {
  it("exist for every style × gender, keep the identity, and name the style for the stand-in", () => {
    const seen = new Set<string>();
    for (const style of STYLE_IDS) {
      for (const gender of ["man", "woman", null] as const) {
        const p = buildPrompt(style, gender);
        expect(p).toContain(`in the "${style}" style`);
        expect(p).toMatch(/same person/);
        expect(p).toMatch(/not look illustrated/);
        seen.add(p);
      }
    }
    expect(seen.size).toBe(STYLE_IDS.length * 3);
  });
});
