/**
 * Versions of a headshot (issue 36; docs/decisions/200-versions-are-headshot-rows.md):
 *   GET  /api/headshots/:id/versions  → ApiVersions: every version of the headshot :id belongs to, oldest first,
 *                                       the one shown, and what a redo would cost now
 *   POST /api/headshots/:id/refine    {instruction} → 202 ApiHeadshot (the new version, processing)
 *                                       | 400 (the instruction refused, nothing spent) | 402 | 403 | 409 | 410 | 429
 *                                       | 503 (the instruction's judge did not answer: nothing spent, try again)
 *   POST /api/headshots/:id/redo      → 202 ApiHeadshot (a new picture of the same style: free once, decision 202)
 *   PUT  /api/headshots/:id/use       → ApiHeadshot ("use this version": the gallery shows it)
 * A version is a headshot row of its own (kind "edit" or "redo", `version_of` the first version), so it is made,
 * charged, refunded, counted, downloaded and measured (likeness) exactly as a generation is: the same
 * `startLocked` under the user's row lock, the same queue message, consumer, limiter, lease and refund path.
 * Every lookup filters by the owner, so another user's id is a 404.
 */
import { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, eq, inArray, isNull, max, ne, or, sql } from "drizzle-orm";
import { headshots, type Headshot } from "../../db/schema";
import type { Db, Tx } from "../../db";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { allowanceOf, freeRedosTaken, recordFreeRedo } from "../credits";
import { badRequest, conflict, enforce, errorFields, gone, inputWords, log, notFound, requireUser, validate, refuse, said } from "../lib";
import { m } from "../../copy";
import { unavailableMessage } from "../../domain/headshot-lifecycle";
import type { ApiHeadshot, ApiVersions } from "../../domain/api";
import {
  FREE_REDO_DAYS,
  FREE_REDOS_PER_DAY,
  INSTRUCTION_MAX_LENGTH,
  JUDGED_INSTRUCTIONS_PER_HOUR,
  MAX_VERSIONS,
  REDO_WHY,
  REFINE_MESSAGES,
  type ApiRedoOffer,
} from "../../domain/refine";
import { checkRefineInstruction } from "./instruction-judge";
import { startLocked, undoStart } from "./entitlement";
import { toApiHeadshot } from "./api-headshot";

const headshotNotFound = () => notFound(said(m.errors_headshot_not_found), "headshot_not_found");
const idParam = z.object({ id: z.uuid("Headshot not found.") });
const refineBody = z.object(
  { instruction: z.string(inputWords(said(m.errors_input_instruction))).max(INSTRUCTION_MAX_LENGTH * 4, REFINE_MESSAGES.tooLong) },
  "Send the change as JSON",
);

/** The first version's id of the headshot `id` belongs to, as SQL (null when `id` is not the user's). */
const firstOf = (userId: string, id: string) =>
  sql`(select coalesce(${headshots.versionOf}, ${headshots.id}) from ${headshots} where ${headshots.id} = ${id} and ${headshots.userId} = ${userId})`;

/** Every version of the headshot `id` belongs to, the user's only, oldest first. */
export async function versionsOf(db: Db | Tx, userId: string, id: string): Promise<Headshot[]> {
  const first = firstOf(userId, id);
  return db
    .select()
    .from(headshots)
    .where(and(eq(headshots.userId, userId), or(eq(headshots.id, first), eq(headshots.versionOf, first))))
    .orderBy(asc(headshots.version));
}

/** The version a headshot shows: the one chosen last ("use this version") or made since, among the finished live ones. */
export function currentVersion<R extends Pick<Headshot, "status" | "chosenAt" | "createdAt" | "moderationStatus" | "imagesDeletedAt">>(
  versions: readonly R[],
): R | null {
  let best: R | null = null;
  const at = (v: R) => (v.chosenAt ?? v.createdAt).getTime();
  for (const v of versions) {
    if (v.status !== "completed" || unavailableMessage(v)) continue;
    if (!best || at(v) >= at(best)) best = v;
  }
  return best;
}

/**
 * Whether the next redo of the headshot whose first version is `first` is free (decision 202), from the record of
 * free redos taken (worker/credits/free-redos.ts), which deleting a version does not change. Run under the user's
 * row lock to decide.
 */
async function redoOffer(db: Db | Tx, userId: string, first: Headshot, now = new Date()): Promise<ApiRedoOffer> {
  const taken = await freeRedosTaken(db, userId, first.id);
  if (taken.ofPicture > 0) return { free: false, freeUntil: null, why: REDO_WHY.used };
  const from = first.completedAt ?? first.createdAt;
  const until = new Date(from.getTime() + FREE_REDO_DAYS * 24 * 3600_000);
  if (until <= now) return { free: false, freeUntil: null, why: REDO_WHY.expired };
  if (taken.today >= FREE_REDOS_PER_DAY) return { free: false, freeUntil: until.toISOString(), why: REDO_WHY.daily };
  return { free: true, freeUntil: until.toISOString(), why: null };
}

type NewVersion = { kind: "edit"; instruction: string } | { kind: "redo" };

/**
 * Makes a new version of the headshot `fromId` and starts it, in one transaction under the user's row lock
 * (the same `startLocked` a generation uses: fair use, the free generation, the move to processing), then
 * sends the same queue message. Refusals throw before anything is written or spent.
 */
async function startVersion(db: Db, queue: Queue, requestId: string, userId: string, fromId: string, asked: NewVersion): Promise<Headshot> {
  const created = await db.transaction(async (tx) => {
    const allowance = await allowanceOf(tx, userId, { lock: true });
    const [from] = await tx
      .select()
      .from(headshots)
      .where(and(eq(headshots.id, fromId), eq(headshots.userId, userId)));
    if (!allowance || !from) throw headshotNotFound();
    const unavailable = unavailableMessage(from);
    if (unavailable) throw gone(unavailable, "headshot_unavailable");
    if (from.status !== "completed") throw conflict(REFINE_MESSAGES.notFinished, "not_finished");
    const firstId = from.versionOf ?? from.id;
    const [first] = from.versionOf ? await tx.select().from(headshots).where(eq(headshots.id, firstId)) : [from];
    if (!first || unavailableMessage(first) || !first.originalKey)
      throw gone(unavailableMessage(first ?? from) ?? REFINE_MESSAGES.notFinished, "headshot_unavailable");
    const [family] = await tx
      .select({ n: count(), last: max(headshots.version) })
      .from(headshots)
      .where(or(eq(headshots.id, firstId), eq(headshots.versionOf, firstId)));
    if ((family?.n ?? 0) >= MAX_VERSIONS) throw conflict(REFINE_MESSAGES.tooManyVersions);
    const free = asked.kind === "redo" && (await redoOffer(tx, userId, first)).free;
    const [row] = await tx
      .insert(headshots)
      .values({
        userId,
        style: first.style,
        gender: first.gender,
        backgroundColor: first.backgroundColor,
        originalKey: first.originalKey,
        originalMime: first.originalMime,
        encryptionKeyId: first.encryptionKeyId,
        kind: asked.kind,
        versionOf: firstId,
        version: (family?.last ?? 1) + 1,
        editOf: asked.kind === "edit" ? from.id : null,
        instruction: asked.kind === "edit" ? asked.instruction : null,
        freeRedo: free,
        // a free person's free redo takes no free generation but is made as theirs are: 1K, watermarked
        watermarked: free && allowance.kind === "free" ? true : null,
      })
      .returning();
    if (free) await recordFreeRedo(tx, userId, firstId, row!.id);
    await startLocked(tx, allowance, userId, row!.id, { free });
    return row!;
  });
  try {
    await queue.send({ headshotId: created.id, requestId });
  } catch (err) {
    log("error", "refine: enqueue failed", { requestId, headshotId: created.id, ...errorFields(err) });
    // given back, then gone: a version that never started leaves nothing behind
    await undoStart(db, userId, created.id);
    await db.delete(headshots).where(and(eq(headshots.id, created.id), eq(headshots.status, "pending")));
    throw refuse("unavailable", said(m.errors_change_not_started));
  }
  const [started] = await db.select().from(headshots).where(eq(headshots.id, created.id));
  return started ?? created;
}

/** The gallery's entries (GET /api/headshots): per headshot, the version it shows, the newest headshots first. */
export async function galleryEntries(db: Db, config: Pick<Config, "URL_SIGNING_SECRET">, userId: string): Promise<ApiHeadshot[]> {
  const firsts = db
    .select({ id: headshots.id })
    .from(headshots)
    .where(and(eq(headshots.userId, userId), ne(headshots.status, "pending"), isNull(headshots.versionOf)))
    .orderBy(sql`${headshots.createdAt} desc, ${headshots.id} desc`)
    .limit(500);
  const rows = await db
    .select()
    .from(headshots)
    .where(and(eq(headshots.userId, userId), or(inArray(headshots.id, firsts), inArray(headshots.versionOf, firsts))))
    .orderBy(sql`${headshots.createdAt} desc, ${headshots.id} desc`);
  const families = new Map<string, Headshot[]>();
  for (const r of rows) {
    const key = r.versionOf ?? r.id;
    families.set(key, [...(families.get(key) ?? []), r]);
  }
  const entries = rows
    .filter((r) => r.versionOf === null)
    .map((first) => {
      const family = families.get(first.id) ?? [first];
      const shown = currentVersion(family) ?? first;
      return { shown, first, versions: family.length };
    });
  return Promise.all(
    entries.map(async ({ shown, first, versions }) => ({
      ...(await toApiHeadshot(config, shown)),
      // the headshot's place: its shoot (the gallery groups them) and when it was first made
      shootId: first.shootId,
      versions,
    })),
  );
}

export const versionRoutes = new Hono<AppEnv>()
  .get("/:id/versions", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const versions = await versionsOf(c.var.db, userId, id);
    const first = versions[0];
    if (!first) throw headshotNotFound();
    const shown = currentVersion(versions);
    const body: ApiVersions = {
      headshotId: first.id,
      currentId: shown?.id ?? null,
      versions: await Promise.all(versions.map((v) => toApiHeadshot(c.var.config, v))),
      redo: await redoOffer(c.var.db, userId, first),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  .post("/:id/refine", requireUser, validate("param", idParam), validate("json", refineBody), async (c) => {
    const { id } = c.req.valid("param");
    // the caller's own picture, and within the hour's judged instructions, before the text model is asked (decision 310)
    const [own] = await c.var.db
      .select({ id: headshots.id })
      .from(headshots)
      .where(and(eq(headshots.id, id), eq(headshots.userId, c.var.user.id)));
    if (!own) throw headshotNotFound();
    await enforce(
      c.var.db,
      [{ key: `refine-judge:${c.var.user.id}`, limit: JUDGED_INSTRUCTIONS_PER_HOUR, windowSeconds: 3600 }],
      REFINE_MESSAGES.tooManyChecks,
    );
    // judged before anything is spent: the form and the word lists, then the text model's verdict (decision 310)
    const checked = await checkRefineInstruction(c.var.config, c.req.valid("json").instruction, c.var.requestId);
    if (!checked.ok)
      throw "status" in checked ? refuse("unavailable", checked.message) : badRequest(checked.message, "instruction_refused");
    const row = await startVersion(c.var.db, c.env.GENERATIONS, c.var.requestId, c.var.user.id, id, {
      kind: "edit",
      instruction: checked.instruction,
    });
    log("info", "refine: edit started", { requestId: c.var.requestId, headshotId: row.id, versionOf: row.versionOf, version: row.version });
    return c.json(await toApiHeadshot(c.var.config, row), 202);
  })
  .post("/:id/redo", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const row = await startVersion(c.var.db, c.env.GENERATIONS, c.var.requestId, c.var.user.id, id, { kind: "redo" });
    log("info", "refine: redo started", { requestId: c.var.requestId, headshotId: row.id, versionOf: row.versionOf, free: row.freeRedo });
    return c.json(await toApiHeadshot(c.var.config, row), 202);
  })
  .put("/:id/use", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const mine = and(eq(headshots.id, id), eq(headshots.userId, c.var.user.id));
    const [row] = await c.var.db.select().from(headshots).where(mine);
    if (!row) throw headshotNotFound();
    const unavailable = unavailableMessage(row);
    if (unavailable) throw gone(unavailable, "headshot_unavailable");
    if (row.status !== "completed") throw conflict(said(m.errors_version_not_finished), "not_finished");
    const [chosen] = await c.var.db
      .update(headshots)
      .set({ chosenAt: sql`clock_timestamp()`, updatedAt: sql`now()` })
      .where(and(mine, eq(headshots.status, "completed")))
      .returning();
    return c.json(await toApiHeadshot(c.var.config, chosen ?? row));
  });
