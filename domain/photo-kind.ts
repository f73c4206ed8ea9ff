/**
 * What a file's first bytes say it is: the photo check before the preview (web) and the upload's HEIC
 * advice (worker); and the size a photo is brought down to, on both sides (decision 170).
 */
import { MODEL_PHOTO_MAX_SIDE } from "./limits";

export type PhotoKind = "jpeg" | "png" | "webp" | "heic" | "other";

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
/** ISO-BMFF brands of HEIC/HEIF photos (AVIF's brands are not among them). */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

/** What the first bytes of a file say it is. */
export function sniffPhoto(b: Uint8Array): PhotoKind {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return "webp";
  if (b.length >= 12 && ascii(b, 4, 8) === "ftyp" && HEIC_BRANDS.has(ascii(b, 8, 12))) return "heic";
  return "other";
}

/** The size a w×h picture fits in with at most `side` on its longer side (never enlarged). */
export function fitWithin(width: number, height: number, side = MODEL_PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
