/**
 * GET /api/headshots/:id/download (SPEC §7, issue 5): the route; the image pipeline is worker/downloads/.
 * Besides the download options it takes the quick changes (issue 36): zoom, tilt, panX, panY, background.
 * A file not made before is bounded per picture and per hour (429 with Retry-After: `variantLimits`).
 * headshots/routes.ts mounts it, so /api/headshots has one mount and no order to get right.
 */
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { headshots } from "../../db/schema";
import { backgroundAllowed, downloadFilename } from "../../domain/downloads";
import { styleSlug } from "../../domain/styles";
import { badRequest, enforce, isOperator, requireUser, conflict, gone, notFound, validate, type Limit, said } from "../lib";
import { m } from "../../copy";
import { DOWNLOAD_VARIANTS_PER_HOUR, DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR, MESSAGES } from "../../domain/limits";
import type { AppEnv } from "../env";
import { unavailableMessage } from "../../domain/headshot-lifecycle";
import { adjustQuery, downloadQuery, normaliseAdjust, normaliseDownload, downloadFile } from "../downloads";
import { refuseDownloadBeyondPlan } from "../credits";
import { teamTemplateFor, templateQuery } from "../teams";

const params = z.object({ id: z.uuid({ error: "must be a headshot id" }) });

/**
 * The bounds on files not made before (issue 46 item 9, decision 307): per picture and per person, each clock hour.
 * Counted only on a cache miss, before the transform; a file already made is served whatever the count.
 */
export const variantLimits = (userId: string, headshotId: string): Limit[] => [
  { key: `download-variant:${userId}:${headshotId}:hour`, limit: DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR, windowSeconds: 3600 },
  { key: `download-variant:${userId}:hour`, limit: DOWNLOAD_VARIANTS_PER_HOUR, windowSeconds: 3600 },
];

export const downloadRoutes = new Hono<AppEnv>().get(
  "/:id/download",
  requireUser,
  validate("param", params),
  validate("query", z.intersection(downloadQuery.and(adjustQuery), templateQuery)),
  async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    // a team's template is the whole look: no quick changes with it
    const adjust = query.template ? undefined : normaliseAdjust(query);
    const me = c.var.user.id;
    const db = c.var.db;
    // `template=team`: the caller's team's profile-picture template replaces the other options (decision 257)
    const options = query.template ? await teamTemplateFor(db, me) : normaliseDownload(query);

    const columns = {
      id: headshots.id,
      kind: headshots.kind,
      model: headshots.model,
      userId: headshots.userId,
      style: headshots.style,
      version: headshots.version,
      status: headshots.status,
      moderationStatus: headshots.moderationStatus,
      imagesDeletedAt: headshots.imagesDeletedAt,
      resultKey: headshots.resultKey,
      backgroundColor: headshots.backgroundColor,
      completedAt: headshots.completedAt,
      updatedAt: headshots.updatedAt,
    };
    // The owner's filter is in SQL; only when that finds nothing is the operator allowed the row.
    let [row] = await db
      .select(columns)
      .from(headshots)
      .where(and(eq(headshots.id, id), eq(headshots.userId, me)))
      .limit(1);
    const operator = row ? false : await isOperator(c, c.var.user);
    if (!row && operator) [row] = await db.select(columns).from(headshots).where(eq(headshots.id, id)).limit(1);
    if (!row) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
    // Removal or retention deleted the objects; a result a generation in flight wrote afterwards is not served either.
    const unavailable = unavailableMessage(row);
    if (unavailable) throw gone(unavailable, "headshot_unavailable");

    if (!operator) await refuseDownloadBeyondPlan(c.var.db, me, options);
    if (row.status !== "completed" || !row.resultKey) {
      throw conflict(said(m.errors_download_not_finished, { status: row.status }), "not_finished");
    }

    // the quick changes (issue 36): a backdrop colour only where the picture has a plain backdrop
    if (adjust?.background && !backgroundAllowed(row.style, row.backgroundColor)) throw badRequest(said(m.errors_background_not_allowed));
    if (adjust) options.adjust = adjust;
    const resultKey = row.resultKey;
    const made = await downloadFile(c.env.IMAGES, c.var.config, { ...row, resultKey }, options, {
      writeCache: true,
      beforeMaking: operator ? undefined : () => enforce(db, variantLimits(me, id), MESSAGES.tooManyDownloadVariants),
    });
    if (made.written) {
      // Retention or removal may have emptied the prefix while this transform ran (they mark the row
      // first, then delete): the copy just written would then stay behind, unreachable. Look again.
      const [after] = await db
        .select({ moderationStatus: headshots.moderationStatus, imagesDeletedAt: headshots.imagesDeletedAt })
        .from(headshots)
        .where(eq(headshots.id, row.id))
        .limit(1);
      const nowUnavailable = after ? unavailableMessage(after) : said(m.errors_headshot_not_found);
      if (nowUnavailable) {
        await c.env.IMAGES.delete(made.cacheKey);
        if (!after) throw notFound(nowUnavailable);
        throw gone(nowUnavailable, "headshot_unavailable");
      }
    }
    const file = { bytes: made.bytes, contentType: made.contentType };
    const cache = made.cache;

    const filename = downloadFilename(styleSlug(row.style), options, row.version);
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
