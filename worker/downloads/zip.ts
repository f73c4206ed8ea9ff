/**
 * A ZIP archive as a stream (issue 24; the teams issue zips a team's chosen photos with the same API).
 * Small on purpose: entries are STORED (PNG, WebP and our TIFF are compressed already), each entry's
 * bytes are produced only when the reader asks for more (one file in memory at a time, never the whole
 * archive), and the central directory (about 100 bytes an entry) is written at the end.
 *
 *   zipStream(entries)            entries: (async) iterable of { name, bytes(): Promise<Uint8Array> }
 *                                 → ReadableStream<Uint8Array> of the .zip
 *   uniqueNames(names)            "a.png", "a.png" → "a.png", "a-2.png" (no duplicates in one archive)
 *   zipResponse(stream, filename) the Response with the download headers
 * Headshots as a ZIP (the single download's files, same options): ./headshot-zip.ts headshotZipResponse.
 *
 * Not a library (client-zip, fflate…): client-zip computes CRC-32 in WebAssembly compiled from inline
 * bytes, which Workers refuse ("Wasm code generation disallowed by embedder"); the runtime's
 * `node:zlib` crc32 is native here (docs/decisions/132-zip-streaming.md). Limits: no ZIP64, so at most
 * 65,535 entries and 4 GiB in all (far above a team's 50 pictures at the largest size).
 */
import { crc32 } from "node:zlib";

export interface ZipEntry {
  /** The path inside the archive (UTF-8; use uniqueNames for a set). */
  name: string;
  /** The file's bytes, made when the archive reaches it (so only one is in memory at a time). */
  bytes: () => Promise<Uint8Array>;
  /** Shown as the file's date (default: now). */
  modified?: Date;
}

const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
const UTF8_FLAG = 0x0800;
const VERSION = 20; // 2.0: stored files, folders

export class ZipTooLarge extends Error {}

/** MS-DOS date and time (local fields, 2-second resolution; years 1980–2107). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

interface Written {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

function localHeader(w: Written): Uint8Array {
  const out = new Uint8Array(30 + w.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, VERSION, true);
  v.setUint16(6, UTF8_FLAG, true);
  v.setUint16(8, 0, true); // stored
  v.setUint16(10, w.time, true);
  v.setUint16(12, w.date, true);
  v.setUint32(14, w.crc, true);
  v.setUint32(18, w.size, true);
  v.setUint32(22, w.size, true);
  v.setUint16(26, w.name.length, true);
  v.setUint16(28, 0, true);
  out.set(w.name, 30);
  return out;
}

function centralDirectory(entries: Written[], start: number): Uint8Array {
  const size = entries.reduce((n, w) => n + 46 + w.name.length, 0);
  const out = new Uint8Array(size + 22);
  const v = new DataView(out.buffer);
  let p = 0;
  for (const w of entries) {
    v.setUint32(p, 0x02014b50, true);
    v.setUint16(p + 4, (3 << 8) | VERSION, true); // made by: Unix
    v.setUint16(p + 6, VERSION, true);
    v.setUint16(p + 8, UTF8_FLAG, true);
    v.setUint16(p + 10, 0, true);
    v.setUint16(p + 12, w.time, true);
    v.setUint16(p + 14, w.date, true);
    v.setUint32(p + 16, w.crc, true);
    v.setUint32(p + 20, w.size, true);
    v.setUint32(p + 24, w.size, true);
    v.setUint16(p + 28, w.name.length, true);
    // extra, comment, disk, internal attributes: 0
    v.setUint32(p + 38, (0o100644 << 16) >>> 0, true); // external attributes: a regular file, rw-r--r--
    v.setUint32(p + 42, w.offset, true);
    out.set(w.name, p + 46);
    p += 46 + w.name.length;
  }
  v.setUint32(p, 0x06054b50, true);
  v.setUint16(p + 8, entries.length, true);
  v.setUint16(p + 10, entries.length, true);
  v.setUint32(p + 12, size, true);
  v.setUint32(p + 16, start, true);
  return out;
}

/** The archive of `entries`, produced as it is read. A failing entry errors the stream (the download breaks off). */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const written: Written[] = [];
  let offset = 0;
  let iterator: AsyncIterator<ZipEntry> | Iterator<ZipEntry> | undefined;
  let pendingData: Uint8Array | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // the data of the entry whose header went out on the previous pull
        if (pendingData) {
          controller.enqueue(pendingData);
          offset += pendingData.length;
          pendingData = null;
          return;
        }
        iterator ??= Symbol.asyncIterator in entries ? entries[Symbol.asyncIterator]() : entries[Symbol.iterator]();
        const next = await iterator.next();
        if (next.done) {
          controller.enqueue(centralDirectory(written, offset));
          controller.close();
          return;
        }
        const entry = next.value;
        const data = await entry.bytes();
        const name = encoder.encode(entry.name);
        if (written.length >= MAX_ENTRIES || offset + 30 + name.length + data.length > MAX_OFFSET) {
          throw new ZipTooLarge("This ZIP would be larger than 4 GB or hold more than 65,535 files.");
        }
        const w: Written = { name, crc: crc32(data) >>> 0, size: data.length, offset, ...dosDateTime(entry.modified ?? new Date()) };
        written.push(w);
        const header = localHeader(w);
        controller.enqueue(header);
        offset += header.length;
        pendingData = data;
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    // one chunk at a time: the next file is made only once the reader took the previous one
    { highWaterMark: 0 },
  );
}

/** Names made unique within one archive: the second "a.png" becomes "a-2.png", the third "a-3.png". */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate);
    return candidate;
  });
}

/** The streamed archive as a download (no Content-Length: its size is known only at the end). */
export function zipResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
