/**
 * The main job's API (issue 4, SPEC §7):
 *   POST /api/headshots/upload          multipart photo, style, gender? → 201 ApiHeadshot (pending)
 *   POST /api/headshots/:id/generate    → 202 {id, status: "processing"} | 403 | 402 | 429
 *   GET  /api/headshots/:id/status      → HeadshotStatusResponse (the hot path: one PK lookup)
 *   GET  /api/headshots                 → ApiHeadshot[], newest first
 *   GET  /api/users/credits             → Credits            (creditsRoutes, mounted at /users)
 *   GET  /api/images/:id/:kind          → decrypted image, signature is the capability (imageRoutes)
 * Every :id lookup filters by the owner in SQL, so another user's id is a 404.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { and, desc, eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Headshot } from "../../db/schema";
import type { Config } from "../config";
import type { AppEnv } from "../env";
import { requireUser } from "../auth/middleware";
import { ApiError, badRequest, forbidden, notFound } from "../lib/errors";
import { errorFields, log } from "../lib/log";
import { validate } from "../lib/validate";
import { GENDER_IDS, STYLE_IDS } from "../../domain/styles";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS, MESSAGES } from "../../domain/limits";
import type { ApiHeadshot, Credits, HeadshotStatusResponse } from "../../domain/api";
import { putEncrypted, getDecrypted } from "../storage/encrypted";
import { originalKey } from "../storage/keys";
import { ImageProblem, inspectImage } from "./image-bytes";
import { IMAGE_KINDS, signImageUrl, verifyImageSignature } from "./signed-urls";
import { readCredits, startGeneration, undoStart } from "./entitlement";

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

export const headshotRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/upload",
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
      return c.json(await toApiHeadshot(c.var.config, row!), 201);
    },
  )
  .post("/:id/generate", validate("param", idParam), async (c) => {
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
  .get("/:id/status", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    // The hot path (every open tab, every 2 s): one primary-key lookup, one HTTP round trip, no session.
    const [row] = await c.var.httpDb
      .select({ status: headshots.status, resultKey: headshots.resultKey, error: headshots.error })
      .from(headshots)
      .where(and(eq(headshots.id, id), eq(headshots.userId, c.var.user.id)));
    if (!row) throw headshotNotFound();
    const body: HeadshotStatusResponse = { status: row.status };
    if (row.status === "completed" && row.resultKey) body.generatedImageUrl = await signImageUrl(c.var.config, id, "result");
    if (row.status === "failed") body.error = row.error ?? MESSAGES.generationFailed;
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  .get("/", async (c) => {
    const rows = await c.var.db
      .select()
      .from(headshots)
      .where(eq(headshots.userId, c.var.user.id))
      .orderBy(desc(headshots.createdAt), desc(headshots.id))
      .limit(500);
    c.header("Cache-Control", "no-store");
    return c.json(await Promise.all(rows.map((r) => toApiHeadshot(c.var.config, r))));
  });

export const creditsRoutes = new Hono<AppEnv>()
  .use("/credits", requireUser)
  .get("/credits", async (c) => {
    const body: Credits = await readCredits(c.var.httpDb, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

const imageParams = z.object({ id: z.uuid("Not found."), kind: z.enum(IMAGE_KINDS) });
const imageQuery = z.object({ exp: z.coerce.number().int(), sig: z.string() });

export const imageRoutes = new Hono<AppEnv>().get(
  "/:id/:kind",
  validate("param", imageParams),
  validate("query", imageQuery),
  async (c) => {
    const { id, kind } = c.req.valid("param");
    const { exp, sig } = c.req.valid("query");
    if (!(await verifyImageSignature(c.var.config, id, kind, exp, sig))) {
      throw forbidden("This image link is invalid or has expired. Please reload the page.");
    }
    const [row] = await c.var.httpDb
      .select({ originalKey: headshots.originalKey, resultKey: headshots.resultKey })
      .from(headshots)
      .where(eq(headshots.id, id));
    const key = kind === "original" ? row?.originalKey : row?.resultKey;
    const object = key ? await getDecrypted(c.env.IMAGES, c.var.config, key) : null;
    if (!object) throw notFound("Image not found.");
    const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
    return c.body(object.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": object.contentType,
      "Cache-Control": `private, max-age=${maxAge}`,
      "Content-Length": String(object.bytes.length),
      // Same-origin <img> tags only; the CSP from secureHeaders already forbids anything else.
      "Content-Disposition": "inline",
    });
  },
);
