/**
 * Room a writer leaves free before and after a file it makes (decision 380): its Content Credentials (a store of
 * 2–4 KB) then go in where they belong without copying the file (worker/marking/c2pa.ts `signImage` with
 * `inPlace`). Only arrays made here have it: an array's neighbours in its buffer are otherwise not its own
 * (a Node Buffer may share one with others).
 */
export const FILE_ROOM = 16 * 1024;
const rooms = new WeakMap<Uint8Array, { before: number; after: number }>();

/** A new zeroed array of `length` bytes with FILE_ROOM free bytes before and after it in its buffer. */
export function withRoom(length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(FILE_ROOM + length + FILE_ROOM), FILE_ROOM, length);
  rooms.set(out, { before: FILE_ROOM, after: FILE_ROOM });
  return out;
}

/** The free bytes around an array made by `withRoom` (or `concatBytes(…, true)`); undefined for any other. */
export const roomAround = (bytes: Uint8Array) => rooms.get(bytes);

/**
 * Byte arrays joined end to end into one new array: the image writers' chunks and segments, the upload
 * strip's kept chunks (worker/headshots/image-bytes.ts), the C2PA boxes (worker/marking/c2pa.ts), tests' fixtures.
 */
export function concatBytes(parts: readonly Uint8Array[], room = false): Uint8Array<ArrayBuffer> {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = room ? withRoom(length) : new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
