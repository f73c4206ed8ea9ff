/** Reads a ZIP for the tests: every entry's name and bytes, from the central directory, CRC-checked. */
import { crc32 } from "node:zlib";

export interface ZipFile {
  name: string;
  data: Uint8Array;
  method: number;
}

export function readZip(bytes: Uint8Array): ZipFile[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = bytes.length - 22;
  while (eocd >= 0 && v.getUint32(eocd, true) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error("not a zip: no end of central directory");
  const count = v.getUint16(eocd + 10, true);
  let p = v.getUint32(eocd + 16, true);
  const files: ZipFile[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (v.getUint32(p, true) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = v.getUint16(p + 10, true);
    const crc = v.getUint32(p + 16, true);
    const size = v.getUint32(p + 20, true);
    const nameLength = v.getUint16(p + 28, true);
    const extra = v.getUint16(p + 30, true);
    const comment = v.getUint16(p + 32, true);
    const offset = v.getUint32(p + 42, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    if (v.getUint32(offset, true) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = offset + 30 + v.getUint16(offset + 26, true) + v.getUint16(offset + 28, true);
    const data = bytes.slice(start, start + size);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    files.push({ name, data, method });
    p += 46 + nameLength + extra + comment;
  }
  return files;
}
