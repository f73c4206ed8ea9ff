/**
 * Moderation (issue 10): list, approve, flag with a reason, batch removal — and a removed headshot is no
 * longer served: not in the gallery, 410 on status, download and image URLs, its objects gone.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, headshots, moderationFlags } from "../../db/schema";
import { api, client, createTestUser, env, errorBody } from "../test/helpers";
import { jpegBytes } from "../test/images";
import { seedProcessing, statusBody, statusOf } from "../test/headshots";
import { operatorAuth, withTestDb } from "../test/admin";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { downloadCacheKey, headshotPrefix, resultKey } from "../storage/keys";
import { MESSAGES } from "../../domain/limits";

const M = "/api/admin/moderation/headshots";
const moderation = client.admin.moderation.headshots;
const listed = (auth: Record<string, string>, query: Parameters<typeof moderation.$get>[0]["query"]) =>
  moderation.$get({ query }, { headers: auth });
const approve = (auth: Record<string, string>, id: string) => moderation[":id"].approve.$post({ param: { id } }, { headers: auth });
const flag = (auth: Record<string, string>, id: string, reason: string) =>
  moderation[":id"].flag.$post({ param: { id }, json: { reason } }, { headers: auth });
const removeBatch = (auth: Record<string, string>, ids: string[]) => moderation.batch.$delete({ json: { ids } }, { headers: auth });
/** Raw: bodies the contract refuses. */
const raw = (method: string, path: string, auth: Record<string, string>, body: unknown) =>
  api(path, { method, headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A completed headshot with its result stored, dated `createdAt` (far ahead, so it tops the newest-first list). */
async function completed(userId: string, createdAt: Date) {
  const id = await seedProcessing(userId, { chargedCredit: false });
  const key = resultKey(userId, id);
  await putEncrypted(env.IMAGES, getConfig(env), key, jpegBytes(32, 32, 7), "image/jpeg");
  await withTestDb((db) =>
    db
      .update(headshots)
      .set({ status: "completed", resultKey: key, resultMime: "image/jpeg", completedAt: new Date(), createdAt })
      .where(eq(headshots.id, id)),
  );
  return id;
}

const row = async (id: string) => (await withTestDb((db) => db.select().from(headshots).where(eq(headshots.id, id))))[0];
const auditOf = (id: string, action: string) =>
  withTestDb((db) =>
    db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, action))),
  );

describe("moderation", () => {
  it("lists newest first with a status filter, approves (twice harmlessly) and flags with a reason kept with who flagged", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser();
    const a = await completed(owner.user.id, new Date("2099-01-02T00:00:00Z"));
    const b = await completed(owner.user.id, new Date("2099-01-01T00:00:00Z"));
    await completed(owner.user.id, new Date("2098-12-31T23:00:00Z"));

    const list = await (await listed(op.auth, { pageSize: "2" })).json();
    expect(list.items.map((h) => h.id)).toEqual([a, b]);
    expect(list).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(list.items[0]).toMatchObject({
      id: a,
      userId: owner.user.id,
      userEmail: owner.user.email,
      style: "Corporate",
      status: "completed",
      moderationStatus: "pending",
      flagReason: null,
      createdAt: "2099-01-02T00:00:00.000Z",
    });
    expect(list.items[0]!.generatedImageUrl).toMatch(new RegExp(`^/api/images/${a}/result\\?`));
    expect((await api(list.items[0]!.generatedImageUrl!)).status).toBe(200);

    const approved = await approve(op.auth, a);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ id: a, moderationStatus: "approved" });
    expect((await row(a))!.moderationStatus).toBe("approved");
    expect(await (await approve(op.auth, a)).json()).toEqual({ id: a, moderationStatus: "approved" });
    expect(await auditOf(a, "headshot.approve")).toEqual([
      expect.objectContaining({ actorUserId: op.id, targetType: "headshot", details: { from: "pending" } }),
    ]);

    const flagged = await flag(op.auth, b, "  Not a face  ");
    expect(await flagged.json()).toEqual({ id: b, moderationStatus: "flagged" });
    const flags = await withTestDb((db) => db.select().from(moderationFlags).where(eq(moderationFlags.headshotId, b)));
    expect(flags).toEqual([expect.objectContaining({ flaggedBy: op.id, reason: "Not a face" })]);
    expect(await auditOf(b, "headshot.flag")).toEqual([expect.objectContaining({ details: { from: "pending", reason: "Not a face" } })]);

    const onlyFlagged = await (await listed(op.auth, { moderationStatus: "flagged", pageSize: "100" })).json();
    expect(onlyFlagged.items.every((h) => h.moderationStatus === "flagged")).toBe(true);
    expect(onlyFlagged.items.find((h) => h.id === b)).toMatchObject({ flagReason: "Not a face" });

    // a flagged headshot stays the owner's: still served to them while it is reviewed
    const status = await client.headshots[":id"].status.$get({ param: { id: b } }, { headers: owner.auth });
    expect(status.status).toBe(200);
    expect((await statusBody(status)).generatedImageUrl).toBeTruthy();
    expect((await (await client.headshots.$get({}, { headers: owner.auth })).json()).find((h) => h.id === b)).toMatchObject({
      moderationStatus: "flagged",
    });
  });

  it("batch removal deletes the images and cached downloads, and the headshot is no longer served to anyone", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser({ subscription: { planType: "monthly" } });
    const a = await completed(owner.user.id, new Date("2098-01-02T00:00:00Z"));
    const b = await completed(owner.user.id, new Date("2098-01-01T00:00:00Z"));
    const kept = await completed(owner.user.id, new Date("2098-01-03T00:00:00Z"));
    const download = await client.headshots[":id"].download.$get(
      { param: { id: a }, query: { resolution: "web" } },
      { headers: owner.auth },
    );
    expect(download.status).toBe(200);
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, a) })).objects.length).toBe(3); // original, result, cached download
    const before = await statusOf(a, owner.auth);
    const signedResult = before.generatedImageUrl!;
    const gallery = await (await client.headshots.$get({}, { headers: owner.auth })).json();
    const signedOriginal = gallery.find((h) => h.id === a)!.originalImageUrl!;

    const res = await removeBatch(op.auth, [a, b, a]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 2, ids: expect.arrayContaining([a, b]) });

    for (const id of [a, b]) {
      expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, id) })).objects).toHaveLength(0);
      expect((await row(id))!.moderationStatus).toBe("removed");
      expect(await auditOf(id, "headshot.remove")).toEqual([
        expect.objectContaining({ actorUserId: op.id, details: { from: "pending", userId: owner.user.id } }),
      ]);
    }
    expect(await env.IMAGES.get(downloadCacheKey(owner.user.id, a, "x"))).toBeNull();
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, kept) })).objects.length).toBe(2);

    // the owner: still in the gallery, without images and with the removal message (issue 23); 410 on
    // status and download; old signed URLs 410 for anyone
    const after = await (await client.headshots.$get({}, { headers: owner.auth })).json();
    for (const id of [a, b]) {
      expect(after.find((h) => h.id === id)).toMatchObject({
        unavailable: MESSAGES.headshotRemoved,
        originalImageUrl: null,
        generatedImageUrl: null,
      });
    }
    expect(after.find((h) => h.id === kept)).toMatchObject({ unavailable: null });
    const status = await client.headshots[":id"].status.$get({ param: { id: a } }, { headers: owner.auth });
    expect(status.status).toBe(410);
    expect((await errorBody(status)).message).toBe(MESSAGES.headshotRemoved);
    expect(
      (await client.headshots[":id"].download.$get({ param: { id: a }, query: { resolution: "web" } }, { headers: owner.auth })).status,
    ).toBe(410);
    expect(
      (await client.headshots[":id"].download.$get({ param: { id: a }, query: { resolution: "web" } }, { headers: op.auth })).status,
    ).toBe(410);
    expect((await api(signedResult)).status).toBe(410);
    expect((await api(signedOriginal)).status).toBe(410);

    // the operator still sees the tombstone, without images; it can no longer be approved or flagged
    const removed = await (await listed(op.auth, { moderationStatus: "removed", pageSize: "100" })).json();
    expect(removed.items.find((h) => h.id === a)).toMatchObject({
      moderationStatus: "removed",
      originalImageUrl: null,
      generatedImageUrl: null,
    });
    expect((await approve(op.auth, a)).status).toBe(409);
    expect((await flag(op.auth, a, "late")).status).toBe(409);
  });

  it("answers bad input with a 4xx and a message, changing nothing", async () => {
    const op = await operatorAuth();
    const owner = await createTestUser();
    const id = await completed(owner.user.id, new Date("2097-01-01T00:00:00Z"));
    const unknown = "00000000-0000-4000-8000-00000000abcd";
    const cases: [Promise<{ status: number; json(): Promise<unknown> }>, number, RegExp][] = [
      [removeBatch(op.auth, []), 400, /ids: must name at least one headshot/],
      [raw("DELETE", `${M}/batch`, op.auth, {}), 400, /ids/],
      [
        removeBatch(
          op.auth,
          Array.from({ length: 101 }, () => crypto.randomUUID()),
        ),
        400,
        /at most 100/,
      ],
      [removeBatch(op.auth, ["nope"]), 400, /must be headshot ids/],
      [removeBatch(op.auth, [id, unknown]), 404, new RegExp(unknown)],
      [raw("POST", `${M}/${id}/flag`, op.auth, {}), 400, /reason/],
      [flag(op.auth, id, "   "), 400, /reason: is required/],
      [flag(op.auth, id, "x".repeat(1001)), 400, /at most 1000/],
      // a lone surrogate used to reach the audit log's JSON: Postgres 22P02, a 500 (issue 35)
      [flag(op.auth, id, "bad \ud800 half"), 400, /reason: must be valid Unicode text/],
      [approve(op.auth, "not-a-uuid"), 400, /must be a headshot id/],
      [approve(op.auth, unknown), 404, /not found/],
      [flag(op.auth, unknown, "x"), 404, /not found/],
      [api(`${M}?moderationStatus=bogus`, { headers: op.auth }), 400, /moderationStatus/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, message.source).toBe(status);
      expect((await errorBody(res)).message, message.source).toMatch(message);
    }
    expect((await row(id))!.moderationStatus).toBe("pending");
    expect((await env.IMAGES.list({ prefix: headshotPrefix(owner.user.id, id) })).objects.length).toBe(2);
  });
});
