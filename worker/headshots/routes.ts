/**
 * The main job's API (issue 4, SPEC §7):
 *   POST /api/headshots/upload          multipart photo, style, gender? → 201 ApiHeadshot (pending)
 *                                       | 403/402 (could not generate it) | 413 | 429 (too many uploads)
 *   POST /api/headshots/:id/generate    → 202 {id, status: "processing"} | 403 | 402 | 429
 *   GET  /api/headshots/:id/status      → HeadshotStatusResponse (the hot path: one PK lookup)
 *   GET  /api/headshots                 → ApiHeadshot[] generated or generating, newest first
 *   GET  /api/headshots/:id/download    → the file (./download.ts; the pipeline is worker/downloads/)
 * Every route requires a signed-in user (attached per route) and every :id lookup filters by the owner
 * in SQL, so another user's id is a 404.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Headshot } from "../../db/schema";
import { preparedOn } from "../../db";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { requireUser } from "../auth/middleware";
import { ApiError, badRequest, gone, notFound } from "../lib/errors";
import { errorFields, log } from "../lib/log";
import { validate } from "../lib/validate";
import { enforce } from "../lib/rate-limit";
import { GENDER_IDS, STYLE_IDS } from "../../domain/styles";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS, MESSAGES, UPLOADS_PER_HOUR, UPLOADS_PER_MINUTE } from "../../domain/limits";
import type { ApiHeadshot, HeadshotStatusResponse } from "../../domain/api";
import { putEncrypted } from "../storage/encrypted";
import { originalKey } from "../storage/keys";
import { ImageProblem, inspectImage } from "./image-bytes";
import { signImageUrl } from "../images/signed-urls";
import { refuseIfCannotGenerate, startGeneration, undoStart } from "./entitlement";
import { keepNewestUnused } from "./unused-uploads";
import { downloadRoutes } from "./download";
import { isFinished, unavailableMessage } from "../../domain/headshot-lifecycle";
import { matchesEtag, recallFinished, rememberFinished, statusEtag } from "./finished-status";

/** Room for the multipart boundaries and the two small text fields around a maximal photo. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;

const tooLarge = () => new ApiError(413, MESSAGES.tooLarge);
const headshotNotFound = () => notFound("Headshot not found.");

const idParam = z.object({ id: z.uuid("Headshot not found.") });

const uploadForm = z.object({
  photo: z.custom<File>((v) => v instanceof File, "Please choose a photo to upload"),
  style: z.enum(STYLE_IDS, "Please choose one of the 10 styles"),
  gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDER_IDS, "must be man or woman").optional()),
});

export async function toApiHeadshot(config: Pick<Config, "URL_SIGNING_SECRET">, row: Headshot): Promise<ApiHeadshot> {
  return {
    id: row.id,
    style: row.style as ApiHeadshot["style"],
    gender: (row.gender as ApiHeadshot["gender"]) ?? null,
    status: row.status,
    moderationStatus: row.moderationStatus,
    originalImageUrl: await signImageUrl(config, row.id, "original"),
    generatedImageUrl: row.status === "completed" && row.resultKey ? await signImageUrl(config, row.id, "result") : null,
    error: row.status === "failed" ? (row.error ?? MESSAGES.generationFailed) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Before the body is read: counts the upload against the user's limits, and refuses a user who could not generate it. */
const uploadAllowed = createMiddleware<AppEnv>(async (c, next) => {
  const userId = c.var.user.id;
  await enforce(
    c.var.db,
    [
      { key: `upload:${userId}:minute`, limit: UPLOADS_PER_MINUTE, windowSeconds: 60 },
      { key: `upload:${userId}:hour`, limit: UPLOADS_PER_HOUR, windowSeconds: 3600 },
    ],
    MESSAGES.tooManyUploads,
  );
  await refuseIfCannotGenerate(c.var.db, userId);
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
    })
    .from(headshots)
    .where(and(eq(headshots.id, sql.placeholder("id")), eq(headshots.userId, sql.placeholder("userId"))))
    .prepare("headshot_status"),
);

export const headshotRoutes = new Hono<AppEnv>()
  .post(
    "/upload",
    requireUser,
    uploadAllowed,
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, onError: () => { throw tooLarge(); } }),
    validate("form", uploadForm),
    async (c) => {
      const { photo, style, gender } = c.req.valid("form");
      if (photo.size > MAX_UPLOAD_BYTES) throw tooLarge();
      if (photo.size === 0) throw badRequest("The file is empty. Please choose a photo.");
      const bytes = new Uint8Array(await photo.arrayBuffer());
      let image;
      try {
        image = inspectImage(bytes, MAX_PIXELS);
      } catch (err) {
        if (err instanceof ImageProblem) throw badRequest(err.kind === "type" ? MESSAGES.badType : err.message);
        throw err;
      }

      const userId = c.var.user.id;
      const id = crypto.randomUUID();
      const key = originalKey(userId, id);
      // Object first, then the row; if the row cannot be written, the object goes too.
      const keyId = await putEncrypted(c.env.IMAGES, c.var.config, key, image.stripped, image.type);
      let row: Headshot | undefined;
      try {
        [row] = await c.var.db
          .insert(headshots)
          .values({ id, userId, style, gender: gender ?? null, originalKey: key, originalMime: image.type, encryptionKeyId: keyId })
          .returning();
      } catch (err) {
        await c.env.IMAGES.delete(key).catch((e) => log("error", "upload: cleanup failed", { key, ...errorFields(e) }));
        throw err;
      }
      await keepNewestUnused(c.var.db, c.env.IMAGES, userId);
      return c.json(await toApiHeadshot(c.var.config, row!), 201);
    },
  )
  .post("/:id/generate", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const result = await startGeneration(c.var.db, c.var.config, userId, id);
    if (!result.started) return c.json({ id, status: result.status }, 200);
    try {
      await c.env.GENERATIONS.send({ headshotId: id });
    } catch (err) {
      log("error", "generate: enqueue failed", { requestId: c.var.requestId, headshotId: id, ...errorFields(err) });
      await undoStart(c.var.db, userId, id);
      throw new ApiError(503, "We couldn't start the generation just now. Please try again.");
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
      if (unavailable) throw gone(unavailable);
      const body: HeadshotStatusResponse = { status: row.status };
      if (row.status === "completed" && row.resultKey) body.generatedImageUrl = await signImageUrl(c.var.config, id, "result");
      if (row.status === "failed") body.error = row.error ?? MESSAGES.generationFailed;
      if (!isFinished(row.status)) {
        c.header("Cache-Control", "no-store");
        return c.json(body);
      }
      answer = { body, etag: await statusEtag(userId, body) };
      rememberFinished(userId, id, answer);
    }
    // Finished: a strong validator for this user and body (the signed URL changes every 10 minutes).
    c.header("ETag", answer.etag);
    c.header("Cache-Control", "private, no-cache");
    if (matchesEtag(c.req.header("If-None-Match"), answer.etag)) return c.body(null, 304);
    return c.json(answer.body);
  })
  .get("/", requireUser, async (c) => {
    // The gallery: generated or generating. Uploads never generated, refunded failures and headshots
    // removed by moderation or whose photos retention deleted are not shown.
    const rows = await c.var.db
      .select()
      .from(headshots)
      .where(
        and(
          eq(headshots.userId, c.var.user.id),
          inArray(headshots.status, ["processing", "completed"]),
          ne(headshots.moderationStatus, "removed"),
          isNull(headshots.imagesDeletedAt),
        ),
      )
      .orderBy(desc(headshots.createdAt), desc(headshots.id))
      .limit(500);
    c.header("Cache-Control", "no-store");
    return c.json(await Promise.all(rows.map((r) => toApiHeadshot(c.var.config, r))));
  })
  .route("/", downloadRoutes);
