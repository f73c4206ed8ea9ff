/**
 * Marks a stored result as AI-made on its way out (the result view, the free watermarked image):
 * the XMP packet spliced into the container as it is, in one copy, without decoding
 * (docs/decisions/110-ai-marking.md). Downloads carry it from their encoders (./transform.ts).
 */
import { sniffType } from "../lib";
import { concatBytes } from "./bytes";
import { XMP_BYTES } from "../marking";
import { markPng } from "./png";
import { markWebp } from "./webp";

const XMP_NAMESPACE = "http://ns.adobe.com/xap/1.0/\0";
const APP0 = 0xe0,
  APP1 = 0xe1;

/** The APP1 segment carrying our XMP: marker, length (counting itself), namespace, packet. */
const JPEG_XMP_SEGMENT: Uint8Array = (() => {
  const ns = new TextEncoder().encode(XMP_NAMESPACE);
  const length = 2 + ns.length + XMP_BYTES.length;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, APP1, length >> 8, length & 0xff]);
  segment.set(ns, 4);
  segment.set(XMP_BYTES, 4 + ns.length);
  return segment;
})();

function isXmpSegment(jpeg: Uint8Array, at: number): boolean {
  for (let i = 0; i < XMP_NAMESPACE.length; i++) if (jpeg[at + 4 + i] !== XMP_NAMESPACE.charCodeAt(i)) return false;
  return true;
}

/**
 * The JPEG with our XMP APP1 after its leading APP0 (JFIF) and APP1 (EXIF) segments, where readers
 * look for it, replacing any XMP among them. Everything else is copied as it is.
 */
export function markJpeg(jpeg: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  let o = 2;
  while (o + 4 <= jpeg.length && jpeg[o] === 0xff && (jpeg[o + 1] === APP0 || jpeg[o + 1] === APP1)) {
    const end = o + 2 + ((jpeg[o + 2]! << 8) | jpeg[o + 3]!);
    if (end > jpeg.length) throw new Error("truncated JPEG segment");
    if (!(jpeg[o + 1] === APP1 && isXmpSegment(jpeg, o))) parts.push(jpeg.subarray(o, end));
    o = end;
  }
  parts.push(JPEG_XMP_SEGMENT, jpeg.subarray(o));
  return concatBytes(parts);
}

/** The image with the AI marking, by its bytes' own type; null for a type we cannot mark (never written today). */
export function markAiImage(bytes: Uint8Array): Uint8Array | null {
  const type = sniffType(bytes);
  if (type === "image/png") return markPng(bytes);
  if (type === "image/webp") return markWebp(bytes);
  if (type === "image/jpeg") return markJpeg(bytes);
  return null;
}
