/**
 * Issue 23, the server's part: a generation's attempts and refunds told honestly on the status poll;
 * failed and removed headshots listed with why; moderation's removal gives a free generation back once;
 * the owner deletes one headshot with every object it had; Round is refused where it makes no sense.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PhotonImage } from "@cf-wasm/photon";
import { headshots } from "../../db/schema";
import { MESSAGES } from "../../domain/limits";
import { ROUND_NOT_ALLOWED } from "../../domain/downloads";
import { client, createTestUser, env, errorBody, testDb } from "../test/helpers";
import { operatorAuth } from "../test/admin";
import { creditsRow, envWithModel, headshotRow, seedProcessing, statusOf } from "../test/headshots";
import { MAX_ATTEMPTS, processGeneration } from "../generation/process";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { downloadCacheKey, headshotPrefix, resultKey } from "../storage/keys";
import { portraitPixels } from "../downloads/fixture";

const status = statusOf;
const gallery = async (auth: Record<string, string>) => (await client.headshots.$get({}, { headers: auth })).json();
const objectsUnder = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);
const removeBatch = (auth: Record<string, string>, ids: string[]) =>
  client.admin.moderation.headshots.batch.$delete({ json: { ids } }, { headers: auth });

/** A free user's generation that completed (it took one of the 2 free generations). */
async function completedFree() {
  const owner = await createTestUser();
  const id = await seedProcessing(owner.user.id);
  expect((await processGeneration(env, id)).action).toBe("completed");
  expect((await creditsRow(owner.user.id)).used).toBe(1);
  return { owner, id };
}

describe("the status poll tells attempts, retries and refunds", () => {
  it("processing: the try under way and the time since it was queued; a transient failure reads as retrying", async () => {
    const { user, auth } = await createTestUser();
    const id = await seedProcessing(user.id, { queuedAt: new Date(Date.now() - 20_000) });
    const first = await status(id, auth);
    expect(first).toMatchObject({ status: "processing", attempt: 1, retrying: false });
    expect(first.elapsedMs).toBeGreaterThanOrEqual(20_000);

    const model = envWithModel(`standin-fail-9-${crypto.randomUUID()}`);
    expect((await processGeneration(model, id)).action).toBe("retry");
    // the first try failed: the second is next
    expect(await status(id, auth)).toMatchObject({ status: "processing", attempt: 2, retrying: true });
    expect((await processGeneration(model, id)).action).toBe("retry");
    expect(await status(id, auth)).toMatchObject({ status: "processing", attempt: 3, retrying: true });
    // the third try under way (claimed, not yet answered)
    const { db, close } = testDb();
    try {
      await db.update(headshots).set({ attempts: 3, error: null }).where(eq(headshots.id, id));
    } finally {
      await close();
    }
    expect(await status(id, auth)).toMatchObject({ status: "processing", attempt: 3, retrying: true });
  });

  it("gives up after the last try: why in plain words, and that the free generation was given back", async () => {
    const { user, auth } = await createTestUser();
    const id = await seedProcessing(user.id);
    expect((await creditsRow(user.id)).used).toBe(1);
    const model = envWithModel(`standin-fail-9-${crypto.randomUUID()}`);
    for (let i = 1; i < MAX_ATTEMPTS; i++) expect((await processGeneration(model, id)).action).toBe("retry");
    expect((await processGeneration(model, id)).action).toBe("failed");
    expect(await status(id, auth)).toEqual({ status: "failed", error: MESSAGES.generationBusy, refunded: true });
    expect((await creditsRow(user.id)).used).toBe(0);
    const [listed] = await gallery(auth);
    expect(listed).toMatchObject({ id, status: "failed", error: MESSAGES.generationBusy, refunded: true, unavailable: null });
  });

  it("a subscriber's failure had nothing to give back, and says so", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    expect((await processGeneration(envWithModel("standin-block"), id)).action).toBe("failed");
    expect(await status(id, auth)).toMatchObject({ status: "failed", refunded: false });
  });
});

describe("moderation's removal gives the free generation back, once", () => {
  it("refunds a completed free headshot once, however often it is removed, and the owner's gallery says why", async () => {
    const op = await operatorAuth();
    const { owner, id } = await completedFree();
    expect((await removeBatch(op.auth, [id])).status).toBe(200);
    expect((await creditsRow(owner.user.id)).used).toBe(0);
    expect((await removeBatch(op.auth, [id, id])).status).toBe(200);
    expect((await creditsRow(owner.user.id)).used).toBe(0);
    expect(await headshotRow(id)).toMatchObject({ moderationStatus: "removed", chargedCredit: false, creditRefunded: true });

    const [listed] = await gallery(owner.auth);
    expect(listed).toMatchObject({
      id,
      status: "completed",
      moderationStatus: "removed",
      unavailable: MESSAGES.headshotRemoved,
      refunded: true,
      originalImageUrl: null,
      generatedImageUrl: null,
    });
    expect(await client.headshots[":id"].$get({ param: { id } }, { headers: owner.auth }).then((r) => r.json())).toMatchObject({
      unavailable: MESSAGES.headshotRemoved,
    });
    // the row stays the moderators' record: the owner cannot delete it
    expect((await client.headshots[":id"].$delete({ param: { id } }, { headers: owner.auth })).status).toBe(409);
  });

  it("a removal during the generation refunds once: the consumer's failure finds nothing left to give back", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser();
    const other = await seedProcessing(owner.user.id); // a second free generation, untouched
    const id = await seedProcessing(owner.user.id);
    expect((await creditsRow(owner.user.id)).used).toBe(2);
    expect((await removeBatch(op.auth, [id])).status).toBe(200);
    expect((await creditsRow(owner.user.id)).used).toBe(1);
    expect((await processGeneration(env, id)).action).toBe("failed");
    expect((await creditsRow(owner.user.id)).used).toBe(1);
    expect(await headshotRow(id)).toMatchObject({ status: "failed", creditRefunded: true });
    expect((await headshotRow(other)).chargedCredit).toBe(true);
  });

  it("a subscriber's removed headshot gives nothing back", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(owner.user.id, { chargedCredit: false });
    expect((await processGeneration(env, id)).action).toBe("completed");
    expect((await removeBatch(op.auth, [id])).status).toBe(200);
    expect(await headshotRow(id)).toMatchObject({ creditRefunded: false });
  });
});

describe("DELETE /api/headshots/:id", () => {
  it("deletes the original, the result, every cached download and the row; the credit it used stays used", async () => {
    const { owner, id } = await completedFree();
    // a cached download, as download.ts leaves one
    expect(
      (await client.headshots[":id"].download.$get({ param: { id }, query: { resolution: "web" } }, { headers: owner.auth })).status,
    ).toBe(200);
    const prefix = headshotPrefix(owner.user.id, id);
    // the original, the watermarked result, its clean copy for edits (decision 311) and the cached download
    expect((await objectsUnder(prefix)).length).toBe(4);
    const other = await seedProcessing(owner.user.id);

    const res = await client.headshots[":id"].$delete({ param: { id } }, { headers: owner.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, objects: 4 });
    expect(await objectsUnder(prefix)).toEqual([]);
    const { db, close } = testDb();
    try {
      expect(await db.select().from(headshots).where(eq(headshots.id, id))).toEqual([]);
    } finally {
      await close();
    }
    expect((await client.headshots[":id"].status.$get({ param: { id } }, { headers: owner.auth })).status).toBe(404);
    expect((await gallery(owner.auth)).map((h) => h.id)).toEqual([other]);
    expect((await objectsUnder(headshotPrefix(owner.user.id, other))).length).toBe(1);
    expect((await creditsRow(owner.user.id)).used).toBe(2);
    expect((await client.headshots[":id"].$delete({ param: { id } }, { headers: owner.auth })).status).toBe(404);
  });

  it("another user's headshot is a 404 and nothing is deleted; one still being made is a 409", async () => {
    const { owner, id } = await completedFree();
    const stranger = await createTestUser();
    expect((await client.headshots[":id"].$delete({ param: { id } }, { headers: stranger.auth })).status).toBe(404);
    expect((await client.headshots[":id"].$get({ param: { id } }, { headers: stranger.auth })).status).toBe(404);
    expect((await objectsUnder(headshotPrefix(owner.user.id, id))).length).toBe(3); // original, result, clean copy

    const processing = await seedProcessing(owner.user.id);
    const busy = await client.headshots[":id"].$delete({ param: { id: processing } }, { headers: owner.auth });
    expect(busy.status).toBe(409);
    expect((await errorBody(busy)).message).toMatch(/still being made/);
    expect((await headshotRow(processing)).status).toBe("processing");
    expect((await client.headshots[":id"].$delete({ param: { id } })).status).toBe(401);
  });
});

describe("Round only where it makes sense", () => {
  it("is refused for banner presets and non-square custom sizes, accepted for square ones", async () => {
    const owner = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(owner.user.id, { chargedCredit: false });
    const source = (() => {
      const img = new PhotonImage(portraitPixels(256, 3), 256, 256);
      try {
        return img.get_bytes();
      } finally {
        img.free();
      }
    })();
    const key = resultKey(owner.user.id, id);
    await putEncrypted(env.IMAGES, getConfig(env), key, source, "image/png");
    const { db, close } = testDb();
    try {
      await db
        .update(headshots)
        .set({ status: "completed", resultKey: key, resultMime: "image/png", completedAt: new Date() })
        .where(eq(headshots.id, id));
    } finally {
      await close();
    }

    for (const query of ["preset=linkedin-banner&shape=round", "preset=twitter-banner&shape=round", "width=600&height=300&shape=round"]) {
      const res = await client.headshots[":id"].download.$get(
        { param: { id }, query: Object.fromEntries(new URLSearchParams(query)) },
        { headers: owner.auth },
      );
      expect(res.status, query).toBe(400);
      expect((await errorBody(res)).message).toBe(`shape: ${ROUND_NOT_ALLOWED}`);
    }
    expect(await objectsUnder(downloadCacheKey(owner.user.id, id, ""))).toEqual([]);
    for (const query of [
      "preset=facebook-profile&shape=round",
      "width=300&shape=round",
      "shape=round&resolution=web",
      "preset=linkedin-banner&shape=square",
    ]) {
      expect(
        (
          await client.headshots[":id"].download.$get(
            { param: { id }, query: Object.fromEntries(new URLSearchParams(query)) },
            { headers: owner.auth },
          )
        ).status,
        query,
      ).toBe(200);
    }
  });
});
