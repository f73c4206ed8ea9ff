/**
 * Moderation (issue 10): list, approve, flag with a reason, batch removal — and a removed headshot is no
 * longer served: not in the gallery, 410 on status, download and image URLs, its objects gone.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, headshots, moderationFlags } from "../../db/schema";
import { api, createTestUser, env, json } from "../test/helpers";
import { jpegBytes } from "../test/images";
import { seedProcessing } from "../test/headshots";
import { operatorAuth, withTestDb } from "../test/admin";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { downloadCacheKey, headshotPrefix, resultKey } from "../storage/keys";
import { MESSAGES } from "../../domain/limits";

const M = "/api/admin/moderation/headshots";
const post = (path: string, auth: Record<string, string>, body?: unknown) =>
  api(path, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
const removeBatch = (auth: Record<string, string>, body: unknown) =>
  api(`${M}/batch`, { method: "DELETE", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A completed headshot with its result stored, dated `createdAt` (far ahead, so it tops the newest-first list). */
async function completed(userId: string, createdAt: Date) {
  const id = await seedProcessing(userId, { chargedCredit: false });
  const key = resultKey(userId, id);
  await putEncrypted(env.IMAGES, getConfig(env), key, jpegBytes(32, 32, 7), "image/jpeg");
  await withTestDb((db) =>
    db.update(headshots).set({ status: "completed", resultKey: key, resultMime: "image/jpeg", completedAt: new Date(), createdAt }).where(eq(headshots.id, id)),
  );
  return id;
}

const row = async (id: string) => (await withTestDb((db) => db.select().from(headshots).where(eq(headshots.id, id))))[0];
const auditOf = (id: string, action: string) =>
  withTestDb((db) => db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, action))));

describe("moderation", () => {
  it("lists newest first with a status filter, approves (twice harmlessly) and flags with a reason kept with who flagged", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser();
    const a = await completed(owner.user.id, new Date("2099-01-02T00:00:00Z"));
    const b = await completed(owner.user.id, new Date("2099-01-01T00:00:00Z"));
    await completed(owner.user.id, new Date("2098-12-31T23:00:00Z"));

    const list = await json(await api(`${M}?pageSize=2`, { headers: op.auth }));
    expect(list.items.map((h: { id: string }) => h.id)).toEqual([a, b]);
    expect(list).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(list.items[0]).toMatchObject({
      id: a, userId: owner.user.id, userEmail: owner.user.email, style: "Corporate", status: "completed", moderationStatus: "pending",
      flagReason: null, createdAt: "2099-01-02T00:00:00.000Z",
    });
    expect(list.items[0].generatedImageUrl).toMatch(new RegExp(`^/api/images/${a}/result\\?`));
    expect((await api(list.items[0].generatedImageUrl)).status).toBe(200);

    const approved = await post(`${M}/${a}/approve`, op.auth);
    expect(approved.status).toBe(200);
    expect(await json(approved)).toEqual({ id: a, moderationStatus: "approved" });
    expect((await row(a))!.moderationStatus).toBe("approved");
    expect(await json(await post(`${M}/${a}/approve`, op.auth))).toEqual({ id: a, moderationStatus: "approved" });
    expect(await auditOf(a, "headshot.approve")).toEqual([expect.objectContaining({ actorUserId: op.id, targetType: "headshot", details: { from: "pending" } })]);

    const flagged = await post(`${M}/${b}/flag`, op.auth, { reason: "  Not a face  " });
    expect(await json(flagged)).toEqual({ id: b, moderationStatus: "flagged" });
    const flags = await withTestDb((db) => db.select().from(moderationFlags).where(eq(moderationFlags.headshotId, b)));
    expect(flags).toEqual([expect.objectContaining({ flaggedBy: op.id, reason: "Not a face" })]);
    expect(await auditOf(b, "headshot.flag")).toEqual([expect.objectContaining({ details: { from: "pending", reason: "Not a face" } })]);

    const onlyFlagged = await json(await api(`${M}?moderationStatus=flagged&pageSize=100`, { headers: op.auth }));
    expect(onlyFlagged.items.every((h: { moderationStatus: string }) => h.moderationStatus === "flagged")).toBe(true);
    expect(onlyFlagged.items.find((h: { id: string }) => h.id === b)).toMatchObject({ flagReason: "Not a face" });

    // a flagged headshot stays the owner's: still served to them while it is reviewed
    const status = await api(`/api/headshots/${b}/status`, { headers: owner.auth });
    expect(status.status).toBe(200);
    expect((await json(status)).generatedImageUrl).toBeTruthy();
    expect((await json(await api("/api/headshots", { headers: owner.auth }))).find((h: { id: string }) => h.id === b)).toMatchObject({ moderationStatus: "flagged" });
  });

  it("batch removal deletes the images and cached downloads, and the headshot is no longer served to anyone", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser({ subscription: { planType: "monthly" } });
    const a = await completed(owner.user.id, new Date("2098-01-02T00:00:00Z"));
    const b = await completed(owner.user.id, new Date("2098-01-01T00:00:00Z"));
    const kept = await completed(owner.user.id, new Date("2098-01-03T00:00:00Z"));
    const download = await api(`/api/headshots/${a}/download?resolution=web`, { headers: owner.auth });
    expect(download.status).toBe(200);
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, a) })).objects.length).toBe(3); // original, result, cached download
    const before = await json(await api(`/api/headshots/${a}/status`, { headers: owner.auth }));
    const signedResult = before.generatedImageUrl as string;
    const gallery = await json(await api("/api/headshots", { headers: owner.auth }));
    const signedOriginal = gallery.find((h: { id: string }) => h.id === a).originalImageUrl as string;

    const res = await removeBatch(op.auth, { ids: [a, b, a] });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ deleted: 2, ids: expect.arrayContaining([a, b]) });

    for (const id of [a, b]) {
      expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, id) })).objects).toHaveLength(0);
      expect((await row(id))!.moderationStatus).toBe("removed");
      expect(await auditOf(id, "headshot.remove")).toEqual([expect.objectContaining({ actorUserId: op.id, details: { from: "pending", userId: owner.user.id } })]);
    }
    expect(await env.IMAGES.get(downloadCacheKey(owner.user.id, a, "x"))).toBeNull();
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, kept) })).objects.length).toBe(2);

    // the owner: still in the gallery, without images and with the removal message (issue 23); 410 on
    // status and download; old signed URLs 410 for anyone
    const after = (await json(await api("/api/headshots", { headers: owner.auth }))) as { id: string; unavailable: string | null; originalImageUrl: string | null; generatedImageUrl: string | null }[];
    for (const id of [a, b]) {
      expect(after.find((h) => h.id === id)).toMatchObject({ unavailable: MESSAGES.headshotRemoved, originalImageUrl: null, generatedImageUrl: null });
    }
    expect(after.find((h) => h.id === kept)).toMatchObject({ unavailable: null });
    const status = await api(`/api/headshots/${a}/status`, { headers: owner.auth });
    expect(status.status).toBe(410);
    expect((await json(status)).message).toBe(MESSAGES.headshotRemoved);
    expect((await api(`/api/headshots/${a}/download?resolution=web`, { headers: owner.auth })).status).toBe(410);
    expect((await api(`/api/headshots/${a}/download?resolution=web`, { headers: op.auth })).status).toBe(410);
    expect((await api(signedResult)).status).toBe(410);
    expect((await api(signedOriginal)).status).toBe(410);

    // the operator still sees the tombstone, without images; it can no longer be approved or flagged
    const removed = await json(await api(`${M}?moderationStatus=removed&pageSize=100`, { headers: op.auth }));
    expect(removed.items.find((h: { id: string }) => h.id === a)).toMatchObject({ moderationStatus: "removed", originalImageUrl: null, generatedImageUrl: null });
    expect((await post(`${M}/${a}/approve`, op.auth)).status).toBe(409);
    expect((await post(`${M}/${a}/flag`, op.auth, { reason: "late" })).status).toBe(409);
  });

  it("answers bad input with a 4xx and a message, changing nothing", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser();
    const id = await completed(owner.user.id, new Date("2097-01-01T00:00:00Z"));
    const unknown = "00000000-0000-4000-8000-00000000abcd";
    const cases: [Promise<Response>, number, RegExp][] = [
      [removeBatch(op.auth, { ids: [] }), 400, /ids: must name at least one headshot/],
      [removeBatch(op.auth, {}), 400, /ids/],
      [removeBatch(op.auth, { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }), 400, /at most 100/],
      [removeBatch(op.auth, { ids: ["nope"] }), 400, /must be headshot ids/],
      [removeBatch(op.auth, { ids: [id, unknown] }), 404, new RegExp(unknown)],
      [post(`${M}/${id}/flag`, op.auth, {}), 400, /reason/],
      [post(`${M}/${id}/flag`, op.auth, { reason: "   " }), 400, /reason: is required/],
      [post(`${M}/${id}/flag`, op.auth, { reason: "x".repeat(1001) }), 400, /at most 1000/],
      [post(`${M}/not-a-uuid/approve`, op.auth), 400, /must be a headshot id/],
      [post(`${M}/${unknown}/approve`, op.auth), 404, /not found/],
      [post(`${M}/${unknown}/flag`, op.auth, { reason: "x" }), 404, /not found/],
      [api(`${M}?moderationStatus=bogus`, { headers: op.auth }), 400, /moderationStatus/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, message.source).toBe(status);
      expect((await json(res)).message, message.source).toMatch(message);
    }
    expect((await row(id))!.moderationStatus).toBe("pending");
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, id) })).objects.length).toBe(2);
  });
});
