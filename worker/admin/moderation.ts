/**
 * Moderation (SPEC §2 Moderation panel, §4 Moderation status): the operator approves, flags (with a
 * reason, stored with who flagged) and removes headshots. The moves are domain/headshot-lifecycle.ts
 * MODERATION_MOVES; each UPDATE is conditional on a state the move may start from, and writes its audit
 * entry in the same transaction. Removal keeps the row as a tombstone (moderation_status `removed`), gives
 * back the free generation it cost, and deletes every object under the headshot's prefix: original,
 * result and cached downloads
 * (docs/decisions/061-moderation.md says what the owner sees).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, moderationFlags } from "../../db/schema";
import { MODERATION_MOVES, type ModerationStatus } from "../../domain/headshot-lifecycle";
import type { ModerationHeadshot, ModerationPage } from "../../domain/admin-api";
import type { Config } from "../config";
import type { AuthUser } from "../env";
import { conflict, notFound } from "../lib";
import { signImageUrl } from "../images";
import { deletePhotoObjects, forgetFinished } from "../headshots";
import { removeWithRefund } from "../generation";
import { audit } from "./audit";

/** The states a move to `to` may start from (plus `to` itself where repeating it is harmless). */
const fromStates = (to: ModerationStatus) =>
  (Object.keys(MODERATION_MOVES) as ModerationStatus[]).filter((s) => MODERATION_MOVES[s].includes(to));

export async function listForModeration(
  db: Db,
  config: Pick<Config, "URL_SIGNING_SECRET">,
  opts: { page: number; pageSize: number; moderationStatus?: ModerationStatus },
): Promise<ModerationPage> {
  const filter = opts.moderationStatus ? sql`and h.moderation_status = ${opts.moderationStatus}` : sql``;
  const res = await db.execute(sql`
    select h.id, h.user_id, u.email as user_email, h.style, h.status, h.moderation_status, h.result_key, h.images_deleted_at, h.created_at,
      f.reason as flag_reason
    from headshots h
    join users u on u.id = h.user_id
    left join lateral (
      select reason from moderation_flags where headshot_id = h.id order by created_at desc limit 1
    ) f on true
    where h.status <> 'pending' ${filter}
    order by h.created_at desc, h.id desc
    limit ${opts.pageSize + 1} offset ${(opts.page - 1) * opts.pageSize}`);
  const rows = res.rows as Record<string, unknown>[];
  const items = await Promise.all(
    rows.slice(0, opts.pageSize).map(async (r): Promise<ModerationHeadshot> => {
      const id = String(r.id);
      // removed by moderation or expired by retention: the row stays, the images are gone
      const removed = r.moderation_status === "removed" || r.images_deleted_at !== null;
      return {
        id,
        userId: String(r.user_id),
        userEmail: String(r.user_email),
        style: String(r.style),
        status: r.status as ModerationHeadshot["status"],
        moderationStatus: r.moderation_status as ModerationStatus,
        originalImageUrl: removed ? null : await signImageUrl(config, id, "original"),
        generatedImageUrl: !removed && r.status === "completed" && r.result_key ? await signImageUrl(config, id, "result") : null,
        flagReason: (r.flag_reason as string | null) ?? null,
        createdAt: new Date(r.created_at as string).toISOString(),
      };
    }),
  );
  return { items, page: opts.page, pageSize: opts.pageSize, hasMore: rows.length > opts.pageSize };
}

async function currentStatus(db: Db, id: string): Promise<ModerationStatus> {
  const [row] = await db.select({ s: headshots.moderationStatus }).from(headshots).where(eq(headshots.id, id)).limit(1);
  if (!row) throw notFound("Headshot not found.", "headshot_not_found");
  return row.s;
}

const removedAlready = () => conflict("This headshot was removed; it can no longer be approved or flagged.");

export async function approve(db: Db, actor: AuthUser, id: string): Promise<ModerationStatus> {
  const before = await currentStatus(db, id);
  if (before === "approved") return "approved"; // the panel's second approve button: nothing to change
  if (before === "removed") throw removedAlready();
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(headshots)
      .set({ moderationStatus: "approved", updatedAt: new Date() })
      .where(and(eq(headshots.id, id), inArray(headshots.moderationStatus, fromStates("approved"))))
      .returning({ id: headshots.id });
    if (rows.length === 0) return false;
    await audit(tx, actor, "headshot.approve", { type: "headshot", id, details: { from: before } });
    return true;
  });
  // nothing moved: it was removed (the only state approval cannot leave) in between
  if (!moved) throw removedAlready();
  return "approved";
}

/** Flags (again, when already flagged: each reason is kept with who gave it). */
export async function flag(db: Db, actor: AuthUser, id: string, reason: string): Promise<ModerationStatus> {
  const before = await currentStatus(db, id);
  if (before === "removed") throw removedAlready();
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(headshots)
      .set({ moderationStatus: "flagged", updatedAt: new Date() })
      .where(and(eq(headshots.id, id), inArray(headshots.moderationStatus, [...fromStates("flagged"), "flagged"])))
      .returning({ id: headshots.id });
    if (rows.length === 0) return false;
    await tx.insert(moderationFlags).values({ headshotId: id, flaggedBy: actor.id, reason });
    await audit(tx, actor, "headshot.flag", { type: "headshot", id, details: { from: before, reason } });
    return true;
  });
  if (!moved) throw removedAlready();
  return "flagged";
}

/**
 * Removes up to 100 headshots: all ids must exist (else 404 naming the unknown ones, and nothing
 * changes). Rows are marked `removed` first — from then on nothing serves them — then their objects go.
 * Removing an already removed headshot deletes its prefix again, harmlessly.
 */
export async function removeBatch(db: Db, bucket: R2Bucket, actor: AuthUser, ids: string[]): Promise<{ deleted: number; ids: string[] }> {
  const found = await db
    .select({ id: headshots.id, userId: headshots.userId, shootId: headshots.shootId, moderationStatus: headshots.moderationStatus })
    .from(headshots)
    .where(inArray(headshots.id, ids));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw notFound(`Headshot not found: ${missing.join(", ")}.`);

  await db.transaction(async (tx) => {
    // marks them removed and gives back the free generation each cost, once (generation/fail.ts)
    await removeWithRefund(tx, ids);
    await audit(
      tx,
      actor,
      "headshot.remove",
      ...found.map((r) => ({ type: "headshot" as const, id: r.id, details: { from: r.moderationStatus, userId: r.userId } })),
    );
  });
  forgetFinished(ids);
  // their own objects, and a shoot's shared photos once no picture of it keeps them
  await deletePhotoObjects(db, bucket, found);
  return { deleted: found.length, ids: found.map((r) => r.id) };
}
