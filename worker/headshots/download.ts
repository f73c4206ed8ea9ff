/**
 * GET /api/headshots/:id/download (SPEC §7, issue 5): the route; the image pipeline is worker/downloads/.
 * headshots/routes.ts mounts it, so /api/headshots has one mount and no order to get right.
 */
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { headshots } from "../../db/schema";
import { downloadFilename, needsSubscription } from "../../domain/downloads";
import { styleSlug } from "../../domain/styles";
import { isOperator, requireUser } from "../auth/middleware";
import { hasActiveSubscription } from "../billing/subscription";
import type { AppEnv } from "../env";
import { ApiError, conflict, gone, notFound } from "../lib/errors";
import { unavailableMessage } from "../../domain/headshot-lifecycle";
import { validate } from "../lib/validate";
import { getDecrypted, putEncrypted } from "../storage/encrypted";
import { downloadCacheKey } from "../storage/keys";
import { downloadHash, downloadQuery, normaliseDownload } from "../downloads/options";
import { transformDownload } from "../downloads/transform";

const params = z.object({ id: z.uuid({ error: "must be a headshot id" }) });

export const downloadRoutes = new Hono<AppEnv>().get(
  "/:id/download",
  requireUser,
  validate("param", params),
  validate("query", downloadQuery),
  async (c) => {
    const { id } = c.req.valid("param");
    const options = normaliseDownload(c.req.valid("query"));
    const me = c.var.user.id;
    const db = c.var.db;

    const columns = {
      id: headshots.id,
      userId: headshots.userId,
      style: headshots.style,
      status: headshots.status,
      moderationStatus: headshots.moderationStatus,
      imagesDeletedAt: headshots.imagesDeletedAt,
      resultKey: headshots.resultKey,
      completedAt: headshots.completedAt,
      updatedAt: headshots.updatedAt,
    };
    // The owner's filter is in SQL; only when that finds nothing is the operator allowed the row.
    let [row] = await db.select(columns).from(headshots).where(and(eq(headshots.id, id), eq(headshots.userId, me))).limit(1);
    const operator = row ? false : await isOperator(c, me);
    if (!row && operator) [row] = await db.select(columns).from(headshots).where(eq(headshots.id, id)).limit(1);
    if (!row) throw notFound("Headshot not found.");
    // Removal or retention deleted the objects; a result a generation in flight wrote afterwards is not served either.
    const unavailable = unavailableMessage(row);
    if (unavailable) throw gone(unavailable);

    if (needsSubscription(options) && !operator && !(await hasActiveSubscription(c.var.db, me))) {
      throw new ApiError(
        402,
        "High-resolution downloads, size presets and custom sizes are part of a subscription. Free accounts can download the web size.",
        { requiresSubscription: true },
      );
    }
    if (row.status !== "completed" || !row.resultKey) {
      throw conflict(`This headshot has no result to download yet (status: ${row.status}).`);
    }

    const source = `${row.resultKey}@${(row.completedAt ?? row.updatedAt).getTime()}`;
    const cacheKey = downloadCacheKey(row.userId, row.id, await downloadHash(options, source));
    const config = c.var.config;
    let file = await getDecrypted(c.env.IMAGES, config, cacheKey);
    const cache = file ? "hit" : "miss";
    if (!file) {
      const stored = await getDecrypted(c.env.IMAGES, config, row.resultKey);
      if (!stored) throw conflict("This headshot's result file is missing; please generate it again.");
      const out = await transformDownload(stored.bytes, options);
      await putEncrypted(c.env.IMAGES, config, cacheKey, out.bytes, out.mime);
      // Retention or removal may have emptied the prefix while this transform ran (they mark the row
      // first, then delete): the copy just written would then stay behind, unreachable. Look again.
      const [after] = await db
        .select({ moderationStatus: headshots.moderationStatus, imagesDeletedAt: headshots.imagesDeletedAt })
        .from(headshots)
        .where(eq(headshots.id, row.id))
        .limit(1);
      const nowUnavailable = after ? unavailableMessage(after) : "Headshot not found.";
      if (nowUnavailable) {
        await c.env.IMAGES.delete(cacheKey);
        if (!after) throw notFound(nowUnavailable);
        throw gone(nowUnavailable);
      }
      file = { bytes: out.bytes, contentType: out.mime };
    }

    const filename = downloadFilename(styleSlug(row.style), options);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.length),
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private",
        "X-Download-Cache": cache,
      },
    });
  },
);
