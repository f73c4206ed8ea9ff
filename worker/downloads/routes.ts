/**
 * /api/downloads (issue 49: the URL's area; it lived in worker/shoots):
 *   GET /api/downloads/zip   ?ids=a,b,…&download options → a selection of the owner's pictures as one streamed ZIP
 * The plan decides the sizes as for any download (worker/credits refuseDownloadBeyondPlan); a shoot's own ZIP is
 * `/api/shoots/:id/zip` (worker/shoots), through the same `ownedZipRows`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Db } from "../../db";
import type { AppEnv } from "../env";
import { requireUser, badRequest, conflict, inputWords, validate, said } from "../lib";
import { m } from "../../copy";
import { refuseDownloadBeyondPlan } from "../credits";
import { headshotZipResponse, MAX_ZIP_PICTURES, refuseZipBeyondRate } from "./headshot-zip";
import { downloadQuery, normaliseDownload } from "./options";

const zipSelection = z.object({
  ids: z
    .string(inputWords(said(m.errors_input_zip_choose)))
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid("must be headshot ids, separated by commas"))
        .min(1, inputWords(said(m.errors_input_zip_choose)))
        .max(MAX_ZIP_PICTURES, inputWords(said(m.errors_input_zip_too_many, { max: MAX_ZIP_PICTURES }))),
    ),
});

/** The owner's finished, still-served pictures among `where`, oldest first; the columns a download needs. */
export async function ownedZipRows(db: Db, userId: string, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      id: headshots.id,
      userId: headshots.userId,
      style: headshots.style,
      version: headshots.version,
      kind: headshots.kind,
      model: headshots.model,
      resultKey: headshots.resultKey,
      completedAt: headshots.completedAt,
      updatedAt: headshots.updatedAt,
    })
    .from(headshots)
    .where(
      and(
        eq(headshots.userId, userId),
        eq(headshots.status, "completed"),
        ne(headshots.moderationStatus, "removed"),
        isNull(headshots.imagesDeletedAt),
        where,
      ),
    )
    .orderBy(asc(headshots.createdAt), asc(headshots.id));
  return rows.flatMap((r) => (r.resultKey ? [{ ...r, resultKey: r.resultKey }] : []));
}

export const nothingToZip = () => conflict(said(m.errors_nothing_to_zip));

export const downloadRoutes = new Hono<AppEnv>().get("/zip", requireUser, validate("query", zipSelection.and(downloadQuery)), async (c) => {
  const query = c.req.valid("query");
  const userId = c.var.user.id;
  const options = normaliseDownload(query);
  await refuseDownloadBeyondPlan(c.var.db, userId, options);
  const rows = await ownedZipRows(c.var.db, userId, inArray(headshots.id, query.ids));
  if (rows.length === 0) throw nothingToZip();
  if (rows.length < query.ids.length) {
    throw badRequest(said(m.errors_zip_some_unavailable, { count: query.ids.length - rows.length }));
  }
  await refuseZipBeyondRate(c.var.db, userId);
  return headshotZipResponse(c.env.IMAGES, c.var.config, rows, options, "headshots.zip");
});
