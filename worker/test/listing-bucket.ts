/**
 * A bucket of `size` headshot objects that exist only as a listing (issue 47): keys are made from their index when
 * listed, in R2's order (lexicographic), so a sweep over millions of objects can be tested and measured
 * (bench/orphans.ts) without storing them. Every object is a different headshot of a user with ten, uploaded
 * `uploaded`. Other keys (the sweep's cursor) are kept in a Map. Records each listing's options.
 */
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
export const listedKey = (i: number) =>
  `u/00000000-0000-4000-8000-${hex(Math.floor(i / 10), 12)}/h/${hex(i, 8)}-0000-4000-8000-000000000000/original`;
const indexOf = (key: string) => parseInt(/\/h\/([0-9a-f]{8})-/.exec(key)![1]!, 16);

export function listingBucket(size: number, uploaded = new Date(0)) {
  const others = new Map<string, string>();
  const lists: R2ListOptions[] = [];
  const bucket = {
    async list(options: R2ListOptions = {}) {
      lists.push(options);
      const limit = Math.min(options.limit ?? 1000, 1000);
      const start = options.cursor ? Number(options.cursor) : options.startAfter ? indexOf(options.startAfter) + 1 : 0;
      const end = Math.min(start + limit, size);
      const objects = [];
      for (let i = start; i < end; i++) objects.push({ key: listedKey(i), uploaded, size: 1000 } as R2Object);
      return end < size
        ? { objects, truncated: true, cursor: String(end), delimitedPrefixes: [] }
        : { objects, truncated: false, delimitedPrefixes: [] };
    },
    async get(key: string) {
      const value = others.get(key);
      return value === undefined ? null : ({ text: async () => value } as R2ObjectBody);
    },
    async put(key: string, value: string) {
      others.set(key, value);
      return {} as R2Object;
    },
    async delete(keys: string | string[]) {
      for (const key of [keys].flat()) others.delete(key);
    },
  };
  return { bucket: bucket as unknown as R2Bucket, lists, others };
}
