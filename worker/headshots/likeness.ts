/**
 * PUT /api/headshots/:id/likeness — the owner's browser reports how much the result's face resembles the
 * uploaded photo's (0–100, from the face model's descriptors; issue 26). The server cannot check the
 * figure: it is stored and shown as reported by the browser. The first report for a completed headshot is
 * kept and later ones get it back, so the value a person saw is the one the operator's averages use and
 * a shoot is sorted by (docs/decisions/117-likeness.md).
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import type { Db } from "../../db";
import type { ApiLikeness } from "../../domain/api";
import { unavailableMessage } from "../../domain/headshot-lifecycle";
import { conflict, gone, notFound, said } from "../lib";
import { m } from "../../copy";

export async function reportLikeness(db: Db, userId: string, id: string, likeness: number): Promise<ApiLikeness> {
  const mine = and(eq(headshots.id, id), eq(headshots.userId, userId));
  const [kept] = await db
    .update(headshots)
    .set({ likeness, likenessReportedAt: sql`now()` })
    .where(
      and(
        mine,
        eq(headshots.status, "completed"),
        ne(headshots.moderationStatus, "removed"),
        isNull(headshots.imagesDeletedAt),
        isNull(headshots.likeness),
      ),
    )
    .returning({ likeness: headshots.likeness });
  if (kept) return { likeness: kept.likeness! };

  const [row] = await db
    .select({
      status: headshots.status,
      likeness: headshots.likeness,
      moderationStatus: headshots.moderationStatus,
      imagesDeletedAt: headshots.imagesDeletedAt,
    })
    .from(headshots)
    .where(mine)
    .limit(1);
  if (!row) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
  const unavailable = unavailableMessage(row);
  if (unavailable) throw gone(unavailable, "headshot_unavailable");
  if (row.likeness !== null) return { likeness: row.likeness }; // the first report stands
  throw conflict(said(m.errors_likeness_not_finished), "not_finished");
}
