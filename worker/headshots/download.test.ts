import { beforeAll, describe, expect, it } from "vitest";
import { PhotonImage } from "@cf-wasm/photon";
import { headshots } from "../../db/schema";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { deletePrefix, headshotPrefix, originalKey, resultKey } from "../storage/keys";
import { client, createTestUser, env, errorBody, inOneWindow, testDb } from "../test/helpers";
import { operatorAuth } from "../test/admin";
import { portraitPixels } from "../downloads/fixture";
import { c2paMadeWithAi, c2paStore, decodePng, digitalSourceType, pngDpi, webpInfo, xmpPackets } from "../downloads/test-decoders";
import { DIGITAL_SOURCE_TYPE } from "../marking/xmp";
import { CUSTOM_WEBP_FORMATS } from "../../domain/downloads";
import { transformBytesReserved, transformsWaiting, withTransformBudget } from "../downloads/memory-budget";
import { DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR, MESSAGES, ZIPS_PER_HOUR } from "../../domain/limits";
import { rateLimitHits } from "../../db/schema";
import { windowStart } from "../lib/rate-limit";
import { variantLimits } from "./download";

/** Sets a rate-limit counter of the current window as if `count` hits had been made (a flood without the work). */
async function alreadyHit(key: string, count: number, windowSeconds = 3600) {
  const { db, close } = testDb();
  try {
    await db
      .insert(rateLimitHits)
      .values({ key, windowStart: new Date(windowStart(windowSeconds, Date.now())), count })
      .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count } });
  } finally {
    await close();
  }
}

const SOURCE = (() => {
  const img = new PhotonImage(portraitPixels(1024, 7), 1024, 1024);
  try {
    return img.get_bytes();
  } finally {
    img.free();
  }
})();

/** A completed headshot with its encrypted result in R2, as the generation pipeline leaves it. */
async function completedHeadshot(
  userId: string,
  opts: { style?: string; status?: "completed" | "processing"; result?: boolean; redoOf?: { id: string; version: number } } = {},
) {
  const { db, close } = testDb();
  try {
    const id = crypto.randomUUID();
    const withResult = opts.result ?? opts.status !== "processing";
    await db.insert(headshots).values({
      id,
      userId,
      style: opts.style ?? "White Background",
      status: opts.status ?? "completed",
      originalKey: originalKey(userId, id),
      originalMime: "image/png",
      resultKey: withResult ? resultKey(userId, id) : null,
      resultMime: withResult ? "image/png" : null,
      encryptionKeyId: "t1",
      watermarked: false,
      completedAt: opts.status === "processing" ? null : new Date(),
      ...(opts.redoOf && { kind: "redo" as const, versionOf: opts.redoOf.id, version: opts.redoOf.version }),
    });
    if (withResult) await putEncrypted(env.IMAGES, getConfig(env), resultKey(userId, id), SOURCE, "image/png");
    return id;
  } finally {
    await close();
  }
}

const download = (id: string, query: string, headers: Record<string, string>) =>
  client.headshots[":id"].download.$get({ param: { id }, query: Object.fromEntries(new URLSearchParams(query)) }, { headers });
const bytes = async (res: { arrayBuffer(): Promise<ArrayBuffer> }) => new Uint8Array(await res.arrayBuffer());

let subscriber: Awaited<ReturnType<typeof createTestUser>>;
let free: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  subscriber = await createTestUser({ subscription: { planType: "monthly" } });
  free = await createTestUser();
});

describe("GET /api/headshots/:id/download", () => {
  it("names the file by what it is: the version after the first, no shape for a banner or a tall custom size (issue 46)", async () => {
    const first = await completedHeadshot(subscriber.user.id, { style: "LinkedIn" });
    const second = await completedHeadshot(subscriber.user.id, { style: "LinkedIn", redoOf: { id: first, version: 2 } });
    const names = async (id: string, query: string) => (await download(id, query, subscriber.auth)).headers.get("Content-Disposition");
    expect(await names(first, "resolution=web")).toBe('attachment; filename="headshot-linkedin-web-square.png"');
    expect(await names(second, "resolution=web")).toBe('attachment; filename="headshot-linkedin-v2-web-square.png"');
    expect(await names(second, "preset=linkedin-banner")).toBe('attachment; filename="headshot-linkedin-v2-linkedin-banner.png"');
    expect(await names(first, "width=1000&height=1500")).toBe('attachment; filename="headshot-linkedin-1000x1500.png"');
  });

  it("defaults to high-resolution square PNG with the SPEC filename and private caching", async () => {
    const id = await completedHeadshot(subscriber.user.id);
    const res = await download(id, "", subscriber.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-white-background-high-square.png"');
    expect(res.headers.get("Cache-Control")).toBe("private");
    const png = await decodePng(await bytes(res));
    expect([png.width, png.height]).toEqual([1024, 1024]);
  });

  it("a round 300 DPI X profile PNG for a subscriber", async () => {
    const id = await completedHeadshot(subscriber.user.id, { style: "Casual Selfie" });
    const res = await download(id, "preset=twitter-profile&shape=round&dpi=300&fileFormat=png", subscriber.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-casual-selfie-twitter-profile-round-300dpi.png"');
    const body = await bytes(res);
    const png = await decodePng(body);
    expect([png.width, png.height]).toEqual([400, 400]);
    expect(png.rgba[3]).toBe(0);
    expect(Math.round(pngDpi(body)!.x)).toBe(300);
  });

  it("a web-size WebP for a free user, and TIFF with the right type", async () => {
    const id = await completedHeadshot(free.user.id, { style: "LinkedIn" });
    const res = await download(id, "resolution=web&fileFormat=webp&dpi=150", free.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-linkedin-web-square-150dpi.webp"');
    const info = webpInfo(await bytes(res));
    expect([info.width, info.height]).toEqual([512, 512]);

    const tiff = await download(id, "resolution=web&fileFormat=tiff&shape=round&dpi=screen", free.auth);
    expect(tiff.status).toBe(200);
    expect(tiff.headers.get("Content-Type")).toBe("image/tiff");
    expect(tiff.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-linkedin-web-round.tiff"');
  });

  it("every format carries the AI marking (decision 110) and signed Content Credentials (320; TIFF 344), from the pipeline and the cache alike", async () => {
    const id = await completedHeadshot(subscriber.user.id);
    for (const query of ["", "fileFormat=webp", "fileFormat=tiff&dpi=300", "resolution=web&fileFormat=webp&shape=round", "zoom=150"]) {
      for (const cache of ["miss", "hit"]) {
        const res = await download(id, query, subscriber.auth);
        expect(res.headers.get("X-Download-Cache")).toBe(cache);
        const body = await bytes(res);
        expect(xmpPackets(body).map(digitalSourceType)).toEqual([DIGITAL_SOURCE_TYPE]);
        // the store's validity is c2pa-rs's to judge (bench/c2pa-reader.test.ts); here: every file has one
        expect(c2paMadeWithAi(c2paStore(body))).toBe(true);
      }
    }
  });

  it("the 8×10 print: 2400×3000 at 300 DPI, the shape not said twice in the name (issue 35)", async () => {
    const id = await completedHeadshot(subscriber.user.id, { style: "Office" });
    const res = await download(id, "preset=print-8x10&dpi=300&fileFormat=png", subscriber.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-office-print-8x10-300dpi.png"');
    const body = await bytes(res);
    const png = await decodePng(body);
    expect([png.width, png.height]).toEqual([2400, 3000]);
    expect(Math.round(pngDpi(body)!.x)).toBe(300);
    const webp = await download(id, "preset=print-8x10&fileFormat=webp", subscriber.auth);
    expect(webp.status).toBe(400);
    expect((await errorBody(webp)).message).toBe("fileFormat: The 8×10 print comes as PNG or TIFF, the formats print labs take.");
    const square = await download(id, "preset=instagram-square&fileFormat=webp", subscriber.auth);
    expect(square.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-office-instagram-square.webp"');
  });

  it("a custom size for a subscriber, named by its size", async () => {
    const id = await completedHeadshot(subscriber.user.id, { style: "Office" });
    const res = await download(id, "width=800&height=600", subscriber.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="headshot-office-800x600.png"');
    const png = await decodePng(await bytes(res));
    expect([png.width, png.height]).toEqual([800, 600]);
  });

  it("a custom size comes as WebP up to 1600×1600, larger ones as PNG or TIFF (issue 34, decision 236)", async () => {
    const id = await completedHeadshot(subscriber.user.id, { style: "Office" });
    const largest = await download(id, "width=1600&height=1600&fileFormat=webp", subscriber.auth);
    expect(largest.status).toBe(200);
    expect(webpInfo(await bytes(largest))).toMatchObject({ width: 1600, height: 1600 });
    for (const q of ["width=1601&height=1600&fileFormat=webp", "width=2048&fileFormat=webp"]) {
      const res = await download(id, q, subscriber.auth);
      expect(res.status, q).toBe(400);
      expect((await errorBody(res)).message, q).toBe(`fileFormat: ${CUSTOM_WEBP_FORMATS}`);
    }
    expect((await download(id, "width=2048&height=2048&fileFormat=png", subscriber.auth)).status).toBe(200);
  });

  it("402 with requiresSubscription for a free user asking for high, a preset or a custom size", async () => {
    const id = await completedHeadshot(free.user.id);
    for (const q of [
      "",
      "resolution=high",
      "preset=twitter-profile",
      "resolution=web&preset=email-signature",
      "width=300&height=300",
      "resolution=web&width=300",
    ]) {
      const res = await download(id, q, free.auth);
      expect(res.status, q).toBe(402);
      const body = await errorBody(res);
      expect(body.requiresSubscription).toBe(true);
      expect(body.message).toMatch(/subscription/i);
    }
    // A lapsed subscription is not a subscription.
    const lapsed = await createTestUser({ subscription: { planType: "weekly", status: "canceled" } });
    const own = await completedHeadshot(lapsed.user.id);
    expect((await download(own, "resolution=high", lapsed.auth)).status).toBe(402);
    expect((await download(own, "resolution=web", lapsed.auth)).status).toBe(200);
  });

  it("only the owner or the operator: another user's id is 404, even for a subscriber", async () => {
    const id = await completedHeadshot(free.user.id);
    const res = await download(id, "resolution=web", subscriber.auth);
    expect(res.status).toBe(404);
    expect(await errorBody(res)).toMatchObject({ error: "Not Found" });
    expect((await download(crypto.randomUUID(), "resolution=web", free.auth)).status).toBe(404);
    expect((await download(id, "resolution=web", {})).status).toBe(401);

    const operator = (await operatorAuth()).auth;
    const asOperator = await download(id, "preset=facebook-profile", operator);
    expect(asOperator.status).toBe(200);
    expect((await decodePng(await bytes(asOperator))).width).toBe(320);
  });

  it("409 for a headshot without a result", async () => {
    const id = await completedHeadshot(subscriber.user.id, { status: "processing" });
    const res = await download(id, "", subscriber.auth);
    expect(res.status).toBe(409);
    expect((await errorBody(res)).message).toMatch(/no result/);
  });

  it("400 naming the parameter and its allowed values", async () => {
    const id = await completedHeadshot(subscriber.user.id);
    const cases: [string, RegExp][] = [
      ["resolution=ultra", /^resolution: must be one of high, web$/],
      ["shape=triangle", /^shape: must be one of square, round$/],
      ["fileFormat=jpg", /^fileFormat: must be one of png, webp, tiff$/],
      [
        "preset=myspace",
        /^preset: must be one of instagram-square, facebook-profile, twitter-profile, linkedin-banner, twitter-banner, email-signature, print-8x10$/,
      ],
      ["dpi=72", /^dpi: must be one of 150, 300 \(or screen, the default\)$/],
      ["width=63", /^width: must be a whole number from 64 to 4096$/],
      ["height=4097", /^height: must be a whole number from 64 to 4096$/],
      ["width=abc", /^width: must be a whole number from 64 to 4096$/],
      ["width=12.5", /^width: must be a whole number from 64 to 4096$/],
      ["width=4096&height=4096", /^width: width × height must be at most 4,194,304 pixels \(for example 2048×2048 or 4096×1024\)$/],
      ["width=4096", /^width: width × height must be at most 4,194,304 pixels/],
      ["preset=linkedin-banner&width=500", /^preset: choose either a preset or a custom width\/height, not both$/],
    ];
    for (const [q, message] of cases) {
      const res = await download(id, q, subscriber.auth);
      expect(res.status, q).toBe(400);
      expect((await errorBody(res)).message, q).toMatch(message);
    }
    const bad = await download("not-a-uuid", "", subscriber.auth);
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).message).toMatch(/^id: /);
  });

  it("caches the transformed file encrypted in R2: the second identical download does no work", async () => {
    const userId = subscriber.user.id;
    const id = await completedHeadshot(userId);
    const q = "preset=twitter-banner&fileFormat=tiff&dpi=300";
    const first = await download(id, q, subscriber.auth);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Download-Cache")).toBe("miss");
    const firstBytes = await bytes(first);

    const cached = await env.IMAGES.list({ prefix: `${headshotPrefix(userId, id)}cache/` });
    expect(cached.objects).toHaveLength(1);
    const sealed = new Uint8Array(await (await env.IMAGES.get(cached.objects[0]!.key))!.arrayBuffer());
    expect(new TextDecoder().decode(sealed.subarray(0, 4))).toBe("HSE1"); // encrypted, not a TIFF

    // Without the source the transform could not run, so a 200 proves the cache answered.
    await env.IMAGES.delete(resultKey(userId, id));
    const second = await download(id, q, subscriber.auth);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Download-Cache")).toBe("hit");
    expect(await bytes(second)).toEqual(firstBytes);

    // Equivalent spellings of the same options share the entry (normalised before hashing).
    const same = await download(id, "preset=twitter-banner&fileFormat=tiff&dpi=300&resolution=web&shape=square", subscriber.auth);
    expect(same.headers.get("X-Download-Cache")).toBe("hit");

    // Different options miss (and here the source is gone, so that is a 409, not a 500).
    const other = await download(id, "preset=twitter-banner&fileFormat=png", subscriber.auth);
    expect(other.status).toBe(409);

    // Deleting the headshot's prefix (what headshot deletion does) removes the cached files too.
    await deletePrefix(env.IMAGES, headshotPrefix(userId, id));
    expect((await env.IMAGES.list({ prefix: headshotPrefix(userId, id) })).objects).toHaveLength(0);
  });

  it(`new files of one picture are bounded each hour (${DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR}): then 429 with Retry-After, nothing made; files already made still come (issue 46)`, async () => {
    const { user, auth } = await createTestUser(); // a free account: web size, quick changes
    const id = await completedHeadshot(user.id, { style: "White Background" });
    await inOneWindow(3600, 30);
    const zoom = (z: number) => download(id, `resolution=web&zoom=${z}`, auth);
    expect((await zoom(110)).headers.get("X-Download-Cache")).toBe("miss");
    // as if the account had already made all but one of the hour's new files of this picture
    const [perPicture] = variantLimits(user.id, id);
    await alreadyHit(perPicture!.key, DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR - 1);
    expect((await zoom(120)).status).toBe(200); // the last one of the hour
    const refused = await zoom(130);
    expect(refused.status).toBe(429);
    expect(await errorBody(refused)).toMatchObject({ message: MESSAGES.tooManyDownloadVariants });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    const again = await zoom(110);
    expect([again.status, again.headers.get("X-Download-Cache")]).toEqual([200, "hit"]);
    const cached = await env.IMAGES.list({ prefix: `${headshotPrefix(user.id, id)}cache/` });
    expect(cached.objects).toHaveLength(2); // 110 and 120: the refused one left nothing
    // another picture of the same person has its own bound (the person's is higher)
    const other = await completedHeadshot(user.id, { style: "White Background" });
    expect((await download(other, "resolution=web&zoom=130", auth)).status).toBe(200);
  });

  it(`ZIPs are bounded per person each hour (${ZIPS_PER_HOUR}): then 429 with Retry-After (issue 46)`, async () => {
    const { user, auth } = await createTestUser();
    const id = await completedHeadshot(user.id);
    await inOneWindow(3600, 30);
    const zip = () => client.downloads.zip.$get({ query: { ids: id, resolution: "web" } }, { headers: auth });
    expect((await zip()).status).toBe(200);
    await alreadyHit(`zip:${user.id}:hour`, ZIPS_PER_HOUR);
    const refused = await zip();
    expect(refused.status).toBe(429);
    expect(await errorBody(refused)).toMatchObject({ message: MESSAGES.tooManyZips });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("downloads share one isolate's memory (issue 47, decision 318)", () => {
  it("a large download waits while two others fill the budget, and is made as soon as one ends", async () => {
    const id = await completedHeadshot(subscriber.user.id, { style: "Office" });
    // two of the largest transforms in flight in this isolate (48 MB each of the 96 MB budget)
    const finish: (() => void)[] = [];
    const held = [0, 1].map(() => withTransformBudget(48 * 1024 * 1024, 0, () => new Promise<void>((resolve) => finish.push(resolve))));
    const answer = download(id, "width=2048&height=2048&fileFormat=png", subscriber.auth);
    while (transformsWaiting() === 0) await new Promise((r) => setTimeout(r, 0));
    expect(transformsWaiting()).toBe(1);
    finish[0]!();
    const res = await answer;
    expect(res.status).toBe(200);
    finish[1]!();
    await Promise.all(held);
    expect(transformBytesReserved()).toBe(0);
  });
});
