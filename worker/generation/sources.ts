/**
 * What one try is made from (issue 24, issue 36): the reference photos of the person, and for an edit the
 * picture it changes. A shoot's picture is made from every photo of its shoot; a version (an edit or a redo,
 * decision 200) from its first version's photos, and an edit also from the version it started from (its
 * stored result, sent first). A watermarked result is edited from its clean copy (storage/keys.ts cleanResultKey;
 * issue 46 item 7), so the edit is marked once; a picture made before clean copies were kept has only the stamped one.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, shoots, type Headshot } from "../../db/schema";
import { cleanResultKey } from "../storage";

export interface Sources {
  /** The headshot whose photos are the references (the row itself, or its first version). */
  references: Pick<Headshot, "userId" | "id" | "shootId" | "originalKey">;
  /** How many reference photos it has. */
  photos: number;
  /**
   * An edit's picture to change: the stored keys to try in order (a watermarked result's clean copy, then the
   * result itself), else null; empty when that picture is gone.
   */
  base: string[] | null;
}

export async function sourcesOf(db: Db, row: Headshot): Promise<Sources> {
  let references: Sources["references"] = row;
  let base: string[] | null = null;
  if (row.versionOf) {
    const [first] = await db
      .select({ userId: headshots.userId, id: headshots.id, shootId: headshots.shootId, originalKey: headshots.originalKey })
      .from(headshots)
      .where(eq(headshots.id, row.versionOf));
    if (first) references = first;
  }
  if (row.kind === "edit") {
    const [edited] = row.editOf
      ? await db
          .select({ userId: headshots.userId, id: headshots.id, resultKey: headshots.resultKey, watermarked: headshots.watermarked })
          .from(headshots)
          .where(eq(headshots.id, row.editOf))
      : [];
    base = !edited?.resultKey ? [] : edited.watermarked ? [cleanResultKey(edited.userId, edited.id), edited.resultKey] : [edited.resultKey];
  }
  let photos = 1;
  if (references.shootId) {
    const [shoot] = await db.select({ photoCount: shoots.photoCount }).from(shoots).where(eq(shoots.id, references.shootId));
    photos = shoot?.photoCount ?? 1;
  }
  return { references, photos, base };
}
