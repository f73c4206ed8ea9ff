/**
 * Byte arrays joined end to end into one new array: the image writers' chunks and segments, the upload
 * strip's kept chunks (worker/headshots/image-bytes.ts), the C2PA boxes (worker/marking/c2pa.ts), tests' fixtures.
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
