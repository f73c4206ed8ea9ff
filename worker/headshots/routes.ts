/**
 * The main job's API (issue 4, SPEC §7):
 *   POST /api/headshots/upload          multipart photo, style, gender? → 201 ApiHeadshot (pending)
 *                                       | 403/402 (could not generate it) | 413 | 429 (too many uploads)
 *   POST /api/headshots/:id/generate    → 202 {id, status: "processing"} | 403 | 402 | 429
 *   GET  /api/headshots/:id/status      → HeadshotStatusResponse (the hot path: one PK lookup)
 *   GET  /api/headshots                 → ApiHeadshot[] generating, generated, failed or no longer
 *                                       served (with why), newest first
 *   GET  /api/headshots/:id             → ApiHeadshot (the dashboard's URL of one headshot)
 *   DELETE /api/headshots/:id           → {deleted: true, objects} (./delete.ts) | 409 while processing
 *   GET  /api/headshots/:id/download    → the file (./download.ts; the pipeline is worker/downloads/)
 *   GET  /api/headshots/:id/versions, POST /:id/refine, POST /:id/redo, PUT /:id/use: versions (./versions.ts, issue 36)
 *   PUT  /api/headshots/:id/likeness    {likeness: 0–100} → ApiLikeness (the first report stands; ./likeness.ts)
 *   GET|PUT /api/headshots/:id/rating   → the owner's rating of a result (worker/ratings/routes.ts)
 * Every route requires a signed-in user (attached per route) and every :id lookup filters by the owner
 * in SQL, so another user's id is a 404.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Headshot } from "../../db/schema";
import { preparedOn } from "../../db";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import {
  ACCOUNT_GONE,
  answerLocale,
  domainText,
  requireUser,
  gone,
  notFound,
  unauthorized,
  errorFields,
  log,
  validate,
  enforceStatements,
  inputWords,
  refuse,
  said,
} from "../lib";
import { allowanceOfRows, allowanceStatements } from "../credits";
import { GENDER_IDS, STYLE_IDS } from "../../domain/styles";
import { MESSAGES, UPLOADS_PER_HOUR, UPLOADS_PER_MINUTE } from "../../domain/limits";
import type { HeadshotStatusResponse } from "../../domain/api";
import { m, baseLocale } from "../../copy";
import { putEncrypted, originalKey } from "../storage";
import { checkPhoto, insertOrCleanUp, uploadBodyLimit } from "../photos";
import { signImageUrl } from "../images";
import { refuseIfCannotGenerate, startGeneration, undoStart } from "./entitlement";
import { deleteUnusedObjects, lockUserUploads, unusedBeyondNewest } from "./unused-uploads";
import { downloadRoutes } from "./download";
import { reportLikeness } from "./likeness";
import { ratingRoutes } from "../ratings";
import { deleteHeadshot } from "./delete";
import { teamLookOf } from "../teams";
import { isFinished, unavailableMessage } from "../../domain/headshot-lifecycle";
import { matchesEtag, recallFinished, rememberFinished, statusEtag } from "./finished-status";
import { toApiHeadshot } from "./api-headshot";
import { galleryEntries, versionRoutes } from "./versions";

export { toApiHeadshot };

const headshotNotFound = () => notFound(said(m.errors_headshot_not_found), "headshot_not_found");

const idParam = z.object({ id: z.uuid("Headshot not found.") });

const percent = "must be a whole number from 0 to 100";
const likenessBody = z.object({ likeness: z.number(percent).int(percent).min(0, percent).max(100, percent) }, "Send the likeness as JSON");

const uploadForm = z.object({
  photo: z.custom<File>((v) => v instanceof File, inputWords(said(m.errors_input_photo))),
  style: z.enum(STYLE_IDS, inputWords(said(m.errors_input_style_one, { count: STYLE_IDS.length }))),
  gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDER_IDS, "must be man or woman").optional()),
  /** "true": generate in the caller's team look (its style and background colour replace the style sent). */
  teamLook: z.enum(["true", "false"], "must be true or false").optional(),
});

/**
 * Before the body is read: counts the upload against the user's limits, and refuses a user who could not
 * generate it (a shoot's too). One round trip: the hits and the allowance's reads in one batch.
 */
export const uploadAllowed = createMiddleware<AppEnv>(async (c, next) => {
  const userId = c.var.user.id;
  const db = c.var.httpDb;
  const limits = enforceStatements(
    db,
    [
      { key: `upload:${userId}:minute`, limit: UPLOADS_PER_MINUTE, windowSeconds: 60 },
      { key: `upload:${userId}:hour`, limit: UPLOADS_PER_HOUR, windowSeconds: 3600 },
    ],
    MESSAGES.tooManyUploads,
  );
  const [minute, hour] = limits.statements;
  const [minuteHits, hourHits, user, subscription, seat, credit] = await db.batch([minute!, hour!, ...allowanceStatements(db, userId)]);
  limits.judge([minuteHits, hourHits]);
  refuseIfCannotGenerate(allowanceOfRows([user, subscription, seat, credit]));
  await next();
});

/** The status poll's one statement: a primary-key lookup filtered by the owner. */
const statusStatement = preparedOn((db) =>
  db
    .select({
      status: headshots.status,
      resultKey: headshots.resultKey,
      error: headshots.error,
      moderationStatus: headshots.moderationStatus,
      imagesDeletedAt: headshots.imagesDeletedAt,
      attempts: headshots.attempts,
      queuedAt: headshots.queuedAt,
      waitUntil: headshots.waitUntil,
      creditRefunded: headshots.creditRefunded,
    })
    .from(headshots)
    .where(and(eq(headshots.id, sql.placeholder("id")), eq(headshots.userId, sql.placeholder("userId"))))
    .prepare("headshot_status"),
);

type StatusRow = Pick<Headshot, "status" | "resultKey" | "error" | "attempts" | "queuedAt" | "waitUntil" | "creditRefunded">;

/** The status answer for a row that is still served (decision 100: attempts and refunds told honestly). */
async function statusBody(config: Pick<Config, "URL_SIGNING_SECRET">, id: string, row: StatusRow): Promise<HeadshotStatusResponse> {
  const body: HeadshotStatusResponse = { status: row.status };
  if (row.status === "completed" && row.resultKey) body.generatedImageUrl = await signImageUrl(config, id, "result");
  if (row.status === "failed") {
    body.error = row.error ?? MESSAGES.generationFailed;
    body.refunded = row.creditRefunded;
  }
  if (row.status === "processing") {
    // the try under way, or the next one while a retry waits: a processing row keeps the last transient
    // error until the next try claims it (generation/process.ts)
    body.attempt = row.error !== null ? row.attempts + 1 : Math.max(1, row.attempts);
    body.retrying = body.attempt > 1;
    body.elapsedMs = row.queuedAt ? Math.max(0, Date.now() - row.queuedAt.getTime()) : 0;
    // waiting for the model's quota: the slot its next try reserved, read from the same row (decision 191)
    const waitMs = row.waitUntil ? row.waitUntil.getTime() - Date.now() : 0;
    if (waitMs > 0) body.waitSeconds = Math.ceil(waitMs / 1000);
  }
  return body;
}

export const headshotRoutes = new Hono<AppEnv>()
  .post("/upload", requireUser, uploadAllowed, uploadBodyLimit(1), validate("form", uploadForm), async (c) => {
    const { photo, gender, teamLook } = c.req.valid("form");
    let { style } = c.req.valid("form");
    let backgroundColor: string | null = null;
    let team: { backdropKey: string | null; outfit: string | null } = { backdropKey: null, outfit: null };
    if (teamLook === "true") {
      const look = await teamLookOf(c.var.db, c.var.user.id);
      style = look.style;
      backgroundColor = look.brandColor;
      team = look; // the company's backdrop photo and outfit rule as they are now (decision 256)
    }
    const image = await checkPhoto(photo);
    const userId = c.var.user.id;
    const id = crypto.randomUUID();
    const key = originalKey(userId, id);
    // Object first, then the row; if the row cannot be written, the object goes too (worker/photos/photo-intake.ts).
    const keyId = await putEncrypted(c.env.IMAGES, c.var.config, key, image.bytes, image.type);
    // One round trip: the user's uploads locked, the row, and their unused uploads beyond the newest few deleted
    // (./unused-uploads.ts).
    const db = c.var.httpDb;
    let gone: Awaited<ReturnType<typeof unusedBeyondNewest>> = [];
    const [row] = await insertOrCleanUp(c.env.IMAGES, [key], async () => {
      const [, rows, beyond] = await db.batch([
        lockUserUploads(db, userId),
        db
          .insert(headshots)
          .values({
            id,
            userId,
            style,
            gender: gender ?? null,
            backgroundColor,
            backdropKey: team.backdropKey,
            outfit: team.outfit,
            originalKey: key,
            originalMime: image.type,
            encryptionKeyId: keyId,
          })
          .returning(),
        unusedBeyondNewest(db, userId),
      ]);
      gone = beyond;
      return rows;
    });
    if (!row) throw unauthorized(ACCOUNT_GONE, "account_gone");
    await deleteUnusedObjects(c.var.db, c.env.IMAGES, gone);
    return c.json(await toApiHeadshot(c.var.config, row), 201);
  })
  .post("/:id/generate", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const result = await startGeneration(c.var.httpDb, userId, id);
    if (!result.started) return c.json({ id, status: result.status }, 200);
    try {
      await c.env.GENERATIONS.send({ headshotId: id, requestId: c.var.requestId });
    } catch (err) {
      log("error", "generate: enqueue failed", { requestId: c.var.requestId, headshotId: id, ...errorFields(err) });
      await undoStart(c.var.db, userId, id);
      throw refuse("unavailable", said(m.errors_generation_not_started));
    }
    return c.json({ id, status: "processing" as const }, 202);
  })
  .get("/:id/status", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    // The hot path (every open tab, every 2 s). A finished status never changes: its answer comes from
    // the per-isolate memo when it can (./finished-status.ts); otherwise one primary-key lookup filtered
    // by owner, one HTTP round trip, no session.
    let answer = recallFinished(userId, id);
    if (!answer) {
      const [row] = await statusStatement(c.var.httpDb).execute({ id, userId });
      if (!row) throw headshotNotFound();
      const unavailable = unavailableMessage(row);
      if (unavailable) throw gone(unavailable, "headshot_unavailable");
      const body = await statusBody(c.var.config, id, row);
      if (!isFinished(row.status)) {
        c.header("Cache-Control", "no-store");
        return c.json(body);
      }
      answer = { body, etag: await statusEtag(userId, body) };
      rememberFinished(userId, id, answer);
    }
    // Finished: a strong validator for this user and body (the signed URL changes every 10 minutes). A failed one's
    // stored reason is domain's English, worded here in the reader's language: the language is part of the validator.
    const locale = answer.body.error ? await answerLocale(c) : baseLocale;
    const etag = locale === baseLocale ? answer.etag : answer.etag.replace(/"$/, `-${locale}"`);
    c.header("ETag", etag);
    c.header("Cache-Control", "private, no-cache");
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
    return c.json(answer.body.error ? { ...answer.body, error: domainText(answer.body.error, locale) } : answer.body);
  })
  .get("/", requireUser, async (c) => {
    // The gallery: every headshot whose generation started — generating, generated, failed (with why),
    // or no longer served (removed by moderation, photos deleted by retention: with why, without images).
    // Uploads never generated are not shown. One entry per headshot: the version it shows (issue 36, ./versions.ts).
    const entries = await galleryEntries(c.var.db, c.var.config, c.var.user.id);
    c.header("Cache-Control", "no-store");
    // stored reasons (a failed one's error, a removed one's why) in the reader's language (decision 367)
    const locale = entries.some((e) => e.error || e.unavailable) ? await answerLocale(c) : baseLocale;
    return c.json(
      locale === baseLocale
        ? entries
        : entries.map((e) => ({
            ...e,
            error: e.error && domainText(e.error, locale),
            unavailable: e.unavailable && domainText(e.unavailable, locale),
          })),
    );
  })
  .put("/:id/likeness", requireUser, validate("param", idParam), validate("json", likenessBody), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await reportLikeness(c.var.db, c.var.user.id, id, c.req.valid("json").likeness));
  })
  .get("/:id", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await c.var.db
      .select()
      .from(headshots)
      .where(and(eq(headshots.id, id), eq(headshots.userId, c.var.user.id)))
      .limit(1);
    if (!row) throw headshotNotFound();
    c.header("Cache-Control", "no-store");
    return c.json(await toApiHeadshot(c.var.config, row));
  })
  .delete("/:id", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const { objects } = await deleteHeadshot(c.var.db, c.env.IMAGES, c.var.user.id, id);
    log("info", "headshot deleted by its owner", { requestId: c.var.requestId, headshotId: id, objects });
    return c.json({ deleted: true as const, objects });
  })
  .route("/", versionRoutes)
  .route("/", downloadRoutes)
  .route("/", ratingRoutes);
