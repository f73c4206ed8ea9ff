/**
 * /api/images — GET /:id/:kind?exp&sig: a decrypted original or result. The signature is the capability
 * (the URL is minted for the owner by the headshot routes, docs/decisions/022-signed-image-urls.md), so no bearer token here.
 */
import { Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { AppEnv } from "../env";
import { forbidden, gone, notFound, validate, log, said } from "../lib";
import { m } from "../../copy";
import { unavailableMessage } from "../../domain/headshot-lifecycle";
import { getDecrypted } from "../storage";
import { markAiImage } from "../downloads";
import { resultProvenance, withContentCredentials } from "../marking";
import { IMAGE_KINDS, verifyImageSignature } from "./signed-urls";

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
      throw forbidden(said(m.errors_image_link_expired), "image_link_expired");
    }
    const [row] = await c.var.httpDb
      .select({
        originalKey: headshots.originalKey,
        resultKey: headshots.resultKey,
        moderationStatus: headshots.moderationStatus,
        imagesDeletedAt: headshots.imagesDeletedAt,
        versionKind: headshots.kind,
        model: headshots.model,
      })
      .from(headshots)
      .where(eq(headshots.id, id));
    // A URL signed before the headshot was removed (moderation) or expired (retention) still verifies;
    // the image is gone all the same.
    const unavailable = row ? unavailableMessage(row) : null;
    if (unavailable) throw gone(unavailable, "headshot_unavailable");
    const key = kind === "original" ? row?.originalKey : row?.resultKey;
    const object = key ? await getDecrypted(c.env.IMAGES, c.var.config, key) : null;
    if (!object) throw notFound(said(m.errors_image_not_found));
    // A result is AI-made and says so in its metadata (decision 110) and its signed Content Credentials
    // (decision 320); an upload stays as stripped (020).
    let bytes = object.bytes;
    if (kind === "result") {
      const marked = markAiImage(bytes);
      if (marked) bytes = marked;
      else log("warn", "images: result of a type that cannot be marked", { headshotId: id, contentType: object.contentType });
      bytes = await withContentCredentials(bytes, c.var.config, resultProvenance({ kind: row?.versionKind, model: row?.model }));
    }
    const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": object.contentType,
      "Cache-Control": `private, max-age=${maxAge}`,
      "Content-Length": String(bytes.length),
      // Same-origin <img> tags only; the CSP from secureHeaders already forbids anything else.
      "Content-Disposition": "inline",
    });
  },
);
