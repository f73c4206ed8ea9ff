/**
 * Phone photos through the API (issue 34; decisions 170, 171): what phones write (4032×3024 JPEGs of
 * 2–5 MB, EXIF orientation 6, GPS and camera tags: worker/test/phone-photos.ts) is taken by a single
 * upload and a shoot, stored upright at the model's size without the tags; body limits belong to routes;
 * a shoot's photos are stored once and deleted exactly when the last picture keeping them goes.
 */
import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { MESSAGES, MODEL_PHOTO_MAX_SIDE } from "../../domain/limits";
import type { ApiShoot } from "../../domain/shoots";
import { api, createTestUser, env, runJob } from "../test/helpers";
import { headshotRow, photoForm, upload, withRecordingQueue } from "../test/headshots";
import { contains, decode, jpegBytes, largeRgbaPng, pngBytes, webpBytes } from "../test/images";
import { distanceFromUpright, phonePhoto } from "../test/phone-photos";
import { operatorAuth, withTestDb } from "../test/admin";
import { getConfig } from "../config";
import { getDecrypted } from "../storage/encrypted";
import { shootPhotoKey, userPrefix } from "../storage/keys";
import { processGeneration } from "../generation/process";
import { queueExpiredImages } from "./retention";
import { inspectImage } from "../photos/image-bytes";

/** The phone's secrets that must never be stored (e2e/phone-photos.ts PHONE_SECRETS). */
const PHONE_SECRETS = ["47/1 22/1 3692/100", "PHONE-SERIAL-5F3A9C", "iPhone 15"];
const objectsOf = async (userId: string) => (await env.IMAGES.list({ prefix: userPrefix(userId) })).objects.map((o) => o.key).sort();
const storedOriginal = async (key: string) => (await getDecrypted(env.IMAGES, getConfig(env), key))!.bytes;

function shootForm(photos: Uint8Array[], styles: string[]): FormData {
  const form = new FormData();
  photos.forEach((bytes, i) =>
    form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], `IMG_000${i}.JPG`, { type: "image/jpeg" })),
  );
  for (const s of styles) form.append("style", s);
  return form;
}

async function postShoot(auth: Record<string, string>, photos: Uint8Array[], styles: string[]) {
  const q = withRecordingQueue();
  const res = await q.fetch("/api/shoots", { method: "POST", headers: auth, body: shootForm(photos, styles) });
  return { res, body: (await res.json()) as ApiShoot & { message?: string } };
}

describe("a single upload of phone photos", () => {
  it("takes two 4 MB phone photos: each stored upright at the model's size, without GPS or camera tags", async () => {
    const { auth } = await createTestUser({ subscription: { planType: "weekly" } });
    for (const name of ["astronaut", "camera"] as const) {
      const photo = await phonePhoto(name);
      expect(photo.length).toBeGreaterThan(2_000_000);
      expect(photo.length).toBeLessThan(5_000_000);
      expect(decode(photo)).toMatchObject({ width: 4032, height: 3024 }); // sideways as stored, orientation 6
      const { res, body } = await upload(auth, photo);
      expect(res.status).toBe(201);
      const row = await headshotRow(body.id);
      expect(row.originalMime).toBe("image/jpeg");
      const stored = await storedOriginal(row.originalKey!);
      const { width, height } = decode(stored);
      expect([width, height]).toEqual([1512, 2016]);
      expect(Math.max(width, height)).toBeLessThanOrEqual(MODEL_PHOTO_MAX_SIDE);
      expect(await distanceFromUpright(stored, name)).toBeLessThan(8);
      for (const secret of PHONE_SECRETS) expect(contains(stored, secret)).toBe(false);
      expect(stored.length).toBeLessThan(photo.length / 2);
    }
  });

  it("takes a 6300×6300 RGBA PNG inside the 40 MP limit (issue 46: a 500): read row by row, stored at the model's size on white", async () => {
    const { auth } = await createTestUser({ subscription: { planType: "weekly" } });
    const png = await largeRgbaPng(6300); // 159 MB of rows: inflated whole, it was beyond inflateSync and a Worker
    expect(png.length).toBeLessThan(1_000_000);
    const { res, body } = await upload(auth, png);
    expect(res.status).toBe(201);
    const stored = decode(await storedOriginal((await headshotRow(body.id)).originalKey!));
    expect([stored.width, stored.height]).toEqual([2048, 2048]);
    const at = (x: number, y: number) => [...stored.pixels.subarray((y * 2048 + x) * 4, (y * 2048 + x) * 4 + 3)];
    for (const v of at(1024, 1024)) expect(Math.abs(v - 60)).toBeLessThan(4); // the opaque square
    for (const v of at(100, 100)) expect(v).toBeGreaterThan(250); // transparent: white, not black
  });

  it("brings a large PNG down to the model's size; refuses a large WebP with advice; keeps a small upright JPEG as it came", async () => {
    const { auth } = await createTestUser({ subscription: { planType: "weekly" } });
    const png = await upload(auth, pngBytes(3000, 2000, 4), { style: "LinkedIn" });
    expect(png.res.status).toBe(201);
    const pngRow = await headshotRow(png.body.id);
    expect(decode(await storedOriginal(pngRow.originalKey!))).toMatchObject({ width: 2048, height: 1365 });

    const webp = await upload(auth, webpBytes(2100, 600, 5));
    expect(webp.res.status).toBe(400);
    expect(webp.body.message).toMatch(/larger than 2048 pixels .* save it as a standard JPEG/);

    const small = jpegBytes(640, 480, 6);
    const kept = await upload(auth, small);
    expect(kept.res.status).toBe(201);
    // the same bytes as the byte-wise strip gives (decision 020): not decoded, not re-encoded
    expect(await storedOriginal((await headshotRow(kept.body.id)).originalKey!)).toEqual(inspectImage(small, 40e6).stripped);
  });
});

describe("request body limits belong to routes", () => {
  it("a shoot of three 4 MB phone photos is within its route's limit; a 300 KB body to a JSON route of the same area is 413", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "weekly" } });
    const photos = [await phonePhoto("astronaut"), await phonePhoto("astronaut-2"), await phonePhoto("astronaut")];
    const { res, body } = await postShoot(auth, photos, ["LinkedIn", "Suit"]);
    expect(res.status).toBe(201);
    expect(await objectsOf(user.id)).toEqual([1, 2, 3].map((n) => shootPhotoKey(user.id, body.id, n)).sort());

    const big = JSON.stringify({ emailWhenReady: true, padding: "x".repeat(300 * 1024) });
    const patch = await api(`/api/shoots/${body.id}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "application/json" },
      body: big,
    });
    expect(patch.status).toBe(413);
    expect(await patch.json()).toEqual({ error: "Payload Too Large", code: "too_large", message: MESSAGES.requestTooLarge });
    // the single upload's own limit is one photo, not three
    const three = photoForm(photos[0]!);
    three.append("photo", new File([photos[1]! as Uint8Array<ArrayBuffer>], "b.jpg"));
    three.append("photo", new File([photos[2]! as Uint8Array<ArrayBuffer>], "c.jpg"));
    three.append("extra", new File([new Uint8Array(8 * 1024 * 1024)], "d.bin"));
    const tooMuch = await api("/api/headshots/upload", { method: "POST", headers: auth, body: three });
    expect(tooMuch.status).toBe(413);
  });
});

describe("a shoot's photos, stored once, go with the last picture that keeps them", () => {
  /** A free person's shoot (retention keeps a subscriber's photos), of two photos. */
  async function shoot(styles: string[]) {
    const { user, auth } = await createTestUser({ freeGranted: styles.length });
    const { res, body } = await postShoot(auth, [jpegBytes(320, 256, 21), jpegBytes(300, 300, 22)], styles);
    expect(res.status).toBe(201);
    const shared = [1, 2].map((n) => shootPhotoKey(user.id, body.id, n)).sort();
    expect(await objectsOf(user.id)).toEqual(shared);
    return { user, auth, shoot: body, ids: body.headshots.map((h) => h.id), shared };
  }

  it("deleting pictures one by one: the photos stay while one is left (and it can still be made), then go", async () => {
    const { user, auth, ids, shared } = await shoot(["LinkedIn", "Suit"]);
    expect((await processGeneration(env, ids[0]!)).action).toBe("completed");
    expect((await api(`/api/headshots/${ids[0]}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect(await objectsOf(user.id)).toEqual(shared);
    expect((await processGeneration(env, ids[1]!)).action).toBe("completed"); // its references are still there
    expect((await api(`/api/headshots/${ids[1]}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect(await objectsOf(user.id)).toEqual([]);
  });

  it("retention and moderation: a picture still kept keeps them; the last one to go takes them", async () => {
    const { user, ids, shared } = await shoot(["LinkedIn", "Suit", "Office"]);
    for (const id of ids) expect((await processGeneration(env, id)).action).toBe("completed");
    // moderation removes one picture: the others keep the photos
    const op = await operatorAuth();
    const removed = await api("/api/admin/moderation/headshots/batch", {
      method: "DELETE",
      headers: { ...op.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ ids: [ids[0]] }),
    });
    expect(removed.status).toBe(200);
    expect((await objectsOf(user.id)).filter((k) => shared.includes(k))).toEqual(shared);
    // retention expires a second: still kept by the third
    const old = new Date("2002-02-01T00:00:00Z");
    await withTestDb((db) => db.update(headshots).set({ createdAt: old }).where(eq(headshots.id, ids[1]!)));
    await runJob((deps) => queueExpiredImages(deps));
    expect((await objectsOf(user.id)).filter((k) => shared.includes(k))).toEqual(shared);
    // and the third: the last keeper goes, the shared photos with it
    await withTestDb((db) => db.update(headshots).set({ createdAt: old }).where(eq(headshots.id, ids[2]!)));
    await runJob((deps) => queueExpiredImages(deps));
    expect(await objectsOf(user.id)).toEqual([]);
    const rows = await withTestDb((db) =>
      db
        .select({ key: headshots.originalKey })
        .from(headshots)
        .where(and(eq(headshots.userId, user.id), inArray(headshots.id, ids.slice(1)))),
    );
    expect(rows).toEqual([{ key: null }, { key: null }]);
  });
});
