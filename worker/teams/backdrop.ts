/**
 * The company's backdrop photo (issue 37, decision 255): one encrypted object per team under its prefix,
 * taken in through the one upload path (worker/photos photo-intake: size, type, metadata stripped,
 * upright, reduced to what the model uses). Replacing it writes the new object, points the team at it,
 * then deletes the old one; removing it returns the backdrop to the brand colour; closing the team deletes
 * the prefix. A generation keeps the key it was uploaded with (headshots.backdrop_key): should the owner
 * replace the photo meanwhile, that generation falls back to the brand colour (worker/generation).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { teams } from "../../db/schema";
import type { Config } from "../config";
import { errorFields, log, notFound } from "../lib";
import { deletePrefix, getDecrypted, putEncrypted, teamBackdropKey, teamPrefix } from "../storage";
import { TEAM_MESSAGES } from "../../domain/teams";

const dropObject = (bucket: R2Bucket, key: string) =>
  bucket.delete(key).catch((err) => log("error", "team backdrop: delete failed", { key, ...errorFields(err) }));

/** Points the team at `key` (null: none) and answers the key it had; the row is locked, so two owners' tabs never lose an object. */
async function swapBackdrop(db: Db, teamId: string, key: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ key: teams.backdropKey }).from(teams).where(eq(teams.id, teamId)).for("update");
    if (!row) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
    await tx
      .update(teams)
      .set({ backdropKey: key, updatedAt: sql`now()` })
      .where(eq(teams.id, teamId));
    return row.key;
  });
}

/** Stores `photo` (already checked and reduced) as the team's backdrop; the previous one is deleted. */
export async function setBackdrop(
  db: Db,
  bucket: R2Bucket,
  config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">,
  teamId: string,
  photo: { bytes: Uint8Array; type: string },
): Promise<void> {
  const key = teamBackdropKey(teamId);
  await putEncrypted(bucket, config, key, photo.bytes, photo.type);
  let previous: string | null;
  try {
    previous = await swapBackdrop(db, teamId, key);
  } catch (err) {
    await dropObject(bucket, key);
    throw err;
  }
  if (previous) await dropObject(bucket, previous);
}

/** Back to the brand colour: the photo is deleted. */
export async function removeBackdrop(db: Db, bucket: R2Bucket, teamId: string): Promise<void> {
  const previous = await swapBackdrop(db, teamId, null);
  if (previous) await dropObject(bucket, previous);
}

/** The team's backdrop photo, decrypted; null without one. */
export async function readBackdrop(bucket: R2Bucket, config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">, key: string | null) {
  return key ? getDecrypted(bucket, config, key) : null;
}

/** Every object of the team (its backdrop photos): closing the team calls it after the rows are gone. */
export const deleteTeamObjects = (bucket: R2Bucket, teamId: string) => deletePrefix(bucket, teamPrefix(teamId));
