/**
 * Where things live in the IMAGES bucket. Everything a user owns sits under their prefix, and
 * everything derived from one headshot under its prefix, so deleting a user or a headshot is one
 * prefix delete and nothing is left behind.
 */
export const userPrefix = (userId: string) => `u/${userId}/`;
export const headshotPrefix = (userId: string, headshotId: string) => `${userPrefix(userId)}h/${headshotId}/`;
export const originalKey = (userId: string, headshotId: string) => `${headshotPrefix(userId, headshotId)}original`;
export const resultKey = (userId: string, headshotId: string) => `${headshotPrefix(userId, headshotId)}result`;
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
 * A shoot's further reference photos (the 2nd and 3rd; issue 24), copied under each of its headshots'
 * prefixes beside `original` (the 1st), so a headshot's delete and retention stay one prefix delete.
 */
export const referenceKey = (userId: string, headshotId: string, n: number) =>
  n === 1 ? originalKey(userId, headshotId) : `${headshotPrefix(userId, headshotId)}reference-${n}`;
