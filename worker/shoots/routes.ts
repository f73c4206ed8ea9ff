/**
 * Shoots (issue 24), all for the signed-in owner (ownership filtered in SQL: another user's id is a 404):
 *   POST  /api/shoots             multipart: photo ×1–3, style ×1–10 (distinct), gender?, emailWhenReady?
 *                                 → 201 ApiShoot (every picture processing) | 400 | 402 | 403 | 413 | 429 | 503
 *   GET   /api/shoots/:id         → ApiShoot; while it runs, the ask records that the owner is watching
 *   PATCH /api/shoots/:id         {emailWhenReady} → ApiShoot (the processing screen's switch)
 *   GET   /api/shoots/:id/zip     ?download options → the shoot's finished pictures as one streamed ZIP
 * Photos go through the single upload's code path (worker/photos/photo-intake.ts) and its limits,
 * and are stored once for all the shoot's pictures (decision 171); the whole set is charged in one
 * transaction (./start.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { headshots, shoots, type Headshot, type Shoot } from "../../db/schema";
import type { Db } from "../../db";
import type { AppEnv } from "../env";
import type { Config } from "../config";
import { requireUser, notFound, errorFields, inputWords, log, validate, refuse, said } from "../lib";
import { m } from "../../copy";
import { putEncrypted, shootPhotoKey } from "../storage";
import { toApiHeadshot, uploadAllowed } from "../headshots";
import { checkPhoto, insertOrCleanUp, uploadBodyLimit, type CheckedPhoto } from "../photos";
import { refuseDownloadBeyondPlan } from "../credits";
import { downloadQuery, normaliseDownload, headshotZipResponse, nothingToZip, ownedZipRows, refuseZipBeyondRate } from "../downloads";
import { startShoot, undoShoot } from "./start";
import { GENDER_IDS, STYLE_IDS, type Gender, type StyleId } from "../../domain/styles";
import { EMAIL_BY_DEFAULT_ABOVE, SHOOT_MAX_PHOTOS, SHOOT_MAX_STYLES, type ApiShoot } from "../../domain/shoots";
import { isFinished } from "../../domain/headshot-lifecycle";

const shootNotFound = () => notFound(said(m.errors_shoot_not_found), "shoot_not_found");
const idParam = z.object({ id: z.uuid("Shoot not found.") });

/** A repeated form field arrives as an array, a single one as a value. */
const many = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const shootForm = z.object({
  photo: z.preprocess(
    many,
    z
      .array(z.custom<File>((v) => v instanceof File, inputWords(said(m.errors_input_photo))))
      .min(1, inputWords(said(m.errors_input_photo)))
      .max(SHOOT_MAX_PHOTOS, inputWords(said(m.errors_input_photos_too_many, { max: SHOOT_MAX_PHOTOS }))),
  ),
  style: z.preprocess(
    many,
    z
      .array(z.enum(STYLE_IDS, inputWords(said(m.errors_input_styles_among, { count: STYLE_IDS.length }))))
      .min(1, inputWords(said(m.errors_input_styles_none)))
      .max(SHOOT_MAX_STYLES, inputWords(said(m.errors_input_styles_too_many, { max: SHOOT_MAX_STYLES })))
      .refine((s) => new Set(s).size === s.length, inputWords(said(m.errors_input_styles_twice))),
  ),
  gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GENDER_IDS, "must be man or woman").optional()),
  emailWhenReady: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false"], "must be true or false").optional()),
});

const emailBody = z.object({ emailWhenReady: z.boolean("must be true or false") }, "Send the setting as JSON");

async function toApiShoot(config: Config, shoot: Shoot, rows: Headshot[]): Promise<ApiShoot> {
  const order = (style: string) => shoot.styles.indexOf(style);
  const sorted = [...rows].sort((a, b) => order(a.style) - order(b.style));
  // the rows are read whole already: a wait for the model's quota costs no query (decision 191)
  const waitMs = Math.max(0, ...sorted.map((h) => (h.status === "processing" && h.waitUntil ? h.waitUntil.getTime() - Date.now() : 0)));
  return {
    id: shoot.id,
    styles: shoot.styles as StyleId[],
    gender: (sorted[0]?.gender as Gender | null | undefined) ?? null,
    photoCount: shoot.photoCount,
    emailWhenReady: shoot.emailWhenReady,
    finished: sorted.filter((h) => isFinished(h.status)).length,
    ready: sorted.filter((h) => h.status === "completed").length,
    done: sorted.every((h) => isFinished(h.status)),
    ...(waitMs > 0 ? { waitSeconds: Math.ceil(waitMs / 1000) } : {}),
    createdAt: shoot.createdAt.toISOString(),
    finishedAt: shoot.finishedAt?.toISOString() ?? null,
    headshots: await Promise.all(sorted.map((h) => toApiHeadshot(config, h))),
  };
}

async function loadShoot(db: Db, config: Config, userId: string, shootId: string, opts: { watching?: boolean } = {}): Promise<ApiShoot> {
  const mine = and(eq(shoots.id, shootId), eq(shoots.userId, userId));
  // While it runs, asking is watching (decision 131): the email is for people who are not.
  const [shoot] = opts.watching
    ? await db
        .update(shoots)
        .set({ watchedAt: sql`now()` })
        .where(and(mine, isNull(shoots.finishedAt)))
        .returning()
    : [];
  const [row] = shoot ? [shoot] : await db.select().from(shoots).where(mine).limit(1);
  if (!row) throw shootNotFound();
  const pictures = await db
    .select()
    .from(headshots)
    .where(and(eq(headshots.shootId, shootId), eq(headshots.userId, userId)))
    .orderBy(asc(headshots.createdAt));
  return toApiShoot(config, row, pictures);
}

export const shootRoutes = new Hono<AppEnv>()
  .post("/", requireUser, uploadAllowed, uploadBodyLimit(SHOOT_MAX_PHOTOS), validate("form", shootForm), async (c) => {
    const form = c.req.valid("form");
    const userId = c.var.user.id;
    const photos: CheckedPhoto[] = [];
    for (const file of form.photo) photos.push(await checkPhoto(file)); // one at a time: each is up to 10 MB
    const shootId = crypto.randomUUID();
    // Objects first, each photo once for every picture of the shoot (storage/keys.ts shootPhotoKey), then the rows.
    const keys = photos.map((_, n) => shootPhotoKey(userId, shootId, n + 1));
    const keyIds: string[] = [];
    for (const [n, photo] of photos.entries())
      keyIds.push(await putEncrypted(c.env.IMAGES, c.var.config, keys[n]!, photo.bytes, photo.type));
    const ids = await insertOrCleanUp(c.env.IMAGES, keys, () =>
      startShoot(c.var.db, userId, {
        id: shootId,
        styles: form.style,
        gender: form.gender ?? null,
        emailWhenReady: form.emailWhenReady ? form.emailWhenReady === "true" : form.style.length > EMAIL_BY_DEFAULT_ABOVE,
        photoCount: photos.length,
        headshots: form.style.map((style) => ({
          id: crypto.randomUUID(),
          style,
          originalKey: keys[0]!,
          originalMime: photos[0]!.type,
          encryptionKeyId: keyIds[0]!,
        })),
      }),
    );
    try {
      await c.env.GENERATIONS.sendBatch(ids.map((headshotId) => ({ body: { headshotId, requestId: c.var.requestId } })));
    } catch (err) {
      log("error", "shoot: enqueue failed", { requestId: c.var.requestId, shootId, ...errorFields(err) });
      await undoShoot(c.var.db, userId, shootId);
      throw refuse("unavailable", said(m.errors_generation_not_started));
    }
    return c.json(await loadShoot(c.var.db, c.var.config, userId, shootId), 201);
  })
  .get("/:id", requireUser, validate("param", idParam), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await loadShoot(c.var.db, c.var.config, c.var.user.id, c.req.valid("param").id, { watching: true }));
  })
  .patch("/:id", requireUser, validate("param", idParam), validate("json", emailBody), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const updated = await c.var.db
      .update(shoots)
      .set({ emailWhenReady: c.req.valid("json").emailWhenReady, watchedAt: sql`now()` })
      .where(and(eq(shoots.id, id), eq(shoots.userId, userId)))
      .returning({ id: shoots.id });
    if (updated.length === 0) throw shootNotFound();
    return c.json(await loadShoot(c.var.db, c.var.config, userId, id));
  })
  .get("/:id/zip", requireUser, validate("param", idParam), validate("query", downloadQuery), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const options = normaliseDownload(c.req.valid("query"));
    const [shoot] = await c.var.db
      .select({ id: shoots.id })
      .from(shoots)
      .where(and(eq(shoots.id, id), eq(shoots.userId, userId)))
      .limit(1);
    if (!shoot) throw shootNotFound();
    await refuseDownloadBeyondPlan(c.var.db, userId, options);
    const rows = await ownedZipRows(c.var.db, userId, eq(headshots.shootId, id));
    if (rows.length === 0) throw nothingToZip();
    await refuseZipBeyondRate(c.var.db, userId);
    return headshotZipResponse(c.env.IMAGES, c.var.config, rows, options, "headshots.zip");
  });
