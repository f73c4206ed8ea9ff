/**
 * Where things live in the IMAGES bucket. Everything a user owns sits under their prefix, and
 * everything derived from one headshot under its prefix, so deleting a user or a headshot is one
 * prefix delete and nothing is left behind.
 */
export const userPrefix = (userId: string) => `u/${userId}/`;
export const headshotPrefix = (userId: string, headshotId: string) => `${userPrefix(userId)}h/${headshotId}/`;
export const originalKey = (userId: string, headshotId: string) => `${headshotPrefix(userId, headshotId)}original`;
export const resultKey = (userId: string, headshotId: string) => `${headshotPrefix(userId, headshotId)}result`;
/**
 * A watermarked result's clean picture, as the model made it (issue 46 item 7): never served, only the picture an
 * edit of that result starts from, so the mark is not drawn twice. Under the headshot's prefix, so it goes with it.
 */
export const cleanResultKey = (userId: string, headshotId: string) => `${headshotPrefix(userId, headshotId)}result-clean`;
export const downloadCacheKey = (userId: string, headshotId: string, optionsHash: string) =>
  `${headshotPrefix(userId, headshotId)}cache/${optionsHash}`;

/** Deletes every object under `prefix`. Returns how many were deleted. */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    const keys = page.objects.map((o) => o.key);
    if (keys.length) await bucket.delete(keys);
    deleted += keys.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}

/**
 * A shoot's photos (issue 24), stored once for all its pictures (issue 34; decision 171): `photo-1` is
 * every picture's `original_key`, `photo-2`, `photo-3` the further references. They go when no picture
 * of the shoot keeps its photos any more (worker/headshots/photo-objects.ts), or with the user's prefix.
 */
export const shootPrefix = (userId: string, shootId: string) => `${userPrefix(userId)}s/${shootId}/`;
export const shootPhotoKey = (userId: string, shootId: string, n: number) => `${shootPrefix(userId, shootId)}photo-${n}`;

/**
 * The keys of a headshot's `photos` reference photos, in order: a shoot's shared ones when its original
 * is one of them, else its own (`original`, then `reference-N` beside it: how shoots made before
 * decision 171 stored a copy per picture).
 */
export function referenceKeys(h: { userId: string; id: string; shootId: string | null; originalKey: string }, photos: number): string[] {
  const shared = h.shootId !== null && h.originalKey.startsWith(shootPrefix(h.userId, h.shootId));
  return Array.from({ length: photos }, (_, i) =>
    shared ? shootPhotoKey(h.userId, h.shootId!, i + 1) : i === 0 ? h.originalKey : `${headshotPrefix(h.userId, h.id)}reference-${i + 1}`,
  );
}

/**
 * A team's own objects (issue 37): the company's backdrop photo, stored once for the team under a new name
 * each time it is replaced (`backdrop-<uuid>`), so a generation that already took the old key never reads
 * the new photo half-written. Closing the team deletes the prefix.
 */
export const teamPrefix = (teamId: string) => `t/${teamId}/`;
export const teamBackdropKey = (teamId: string) => `${teamPrefix(teamId)}backdrop-${crypto.randomUUID()}`;
