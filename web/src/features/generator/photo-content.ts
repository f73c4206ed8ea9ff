/**
 * The chosen photo's content, checked in the browser before the preview (issue 23): its first bytes say
 * what it really is (a text file named .jpg is not an image; an iPhone's HEIC gets export advice), and
 * decoding it gives its size (too small, too many pixels). The server checks the same things again.
 * An HEIC photo is taken where the browser can decode it (Safari), and explained where it cannot.
 * Then `reduceForUpload` brings the accepted photo down to what the model uses (issue 34; decision 170).
 * Only this file knows about bytes and decoding; the dropzone shows what it answers.
 */
import {
  MAX_SHRINKABLE_MB,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
  MAX_UPLOAD_MEGAPIXELS,
  MIN_UPLOAD_SIDE,
  fitWithin,
  sniffPhoto,
} from "@/lib/domain";
import { m } from "@/lib/copy";

/** JPEG quality of the photo sent: the server stores it as sent, the model sees it (about 0.7 MB at 2048×1536). */
const UPLOAD_JPEG_QUALITY = 0.9;

/** Bytes that only text has: a file of these is not a photo of any kind. */
function looksLikeText(b: Uint8Array): boolean {
  return b.length > 0 && b.every((c) => c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127) || c >= 0xc2);
}

export interface Dimensions {
  width: number;
  height: number;
}

/** Decodes the picture and gives its size; throws when it cannot be decoded. */
export async function decodeDimensions(file: Blob): Promise<Dimensions> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Whether this browser can shrink a photo before sending it (`reduceForUpload`). */
export const browserCanShrink = () => typeof createImageBitmap === "function" && typeof OffscreenCanvas === "function";

/**
 * Null when the photo may be previewed and uploaded, else what is wrong with it, in words a person can
 * act on. A file over MAX_UPLOAD_BYTES is taken where the browser shrinks it before sending (issue 46: a
 * phone's 16 MB JPEG becomes about 1 MB), up to MAX_SHRINKABLE_MB; `sentSizeProblem` then checks what is
 * sent. `decode` and `canShrink` are replaceable for tests (jsdom decodes nothing).
 */
export async function checkPhoto(
  file: File,
  decode: (f: Blob) => Promise<Dimensions> = decodeDimensions,
  canShrink = browserCanShrink(),
): Promise<string | null> {
  if (!canShrink && file.size > MAX_UPLOAD_BYTES) return m.generator_photo_too_large({ mb: MAX_UPLOAD_MB });
  if (file.size > MAX_SHRINKABLE_MB * 1024 * 1024) return m.generator_photo_too_large_to_shrink({ mb: MAX_SHRINKABLE_MB });
  if (file.size === 0) return m.generator_photo_not_an_image();
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const kind = sniffPhoto(head);
  if (kind === "other") return looksLikeText(head) ? m.generator_photo_not_an_image() : m.generator_photo_bad_type();
  let size: Dimensions;
  try {
    size = await decode(file);
  } catch {
    // HEIC: Safari decodes it (and reduceForUpload turns it into a JPEG); other browsers cannot
    return kind === "heic" ? m.generator_photo_heic_in_this_browser() : m.generator_photo_unreadable();
  }
  if (Math.min(size.width, size.height) < MIN_UPLOAD_SIDE) return m.generator_photo_too_small({ side: MIN_UPLOAD_SIDE });
  if (size.width * size.height > MAX_UPLOAD_MEGAPIXELS * 1_000_000) {
    return m.generator_photo_too_many_pixels({ width: size.width, height: size.height, limit: MAX_UPLOAD_MEGAPIXELS });
  }
  return null;
}

/** The server's limit, on the file as it is sent (after `reduceForUpload`). */
export const sentSizeProblem = (sent: File): string | null =>
  sent.size > MAX_UPLOAD_BYTES ? m.generator_photo_too_large({ mb: MAX_UPLOAD_MB }) : null;

/** The file a person chose, by the file sent for it (issue 46: the upload step names what they chose). */
const chosenFor = new WeakMap<File, { name: string; size: number }>();

/** The name and size of the photo as the person chose it (`coffee.png`, 4.8 MB), not of the JPEG sent for it. */
export const chosenPhoto = (sent: File): { name: string; size: number } => chosenFor.get(sent) ?? sent;

/** Records `sent` as what is sent for `chosen` (`reduceForUpload` does; tests too). */
export function sentFor(chosen: File, sent: File): File {
  if (sent !== chosen) chosenFor.set(sent, { name: chosen.name, size: chosen.size });
  return sent;
}

const asJpegName = (name: string) => `${name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;

/**
 * The accepted photo as it is sent: upright (its EXIF orientation applied), at most MODEL_PHOTO_MAX_SIDE
 * on its longer side, a JPEG without the camera's metadata (GPS never leaves the device). Where the
 * browser cannot draw it (no canvas), the photo goes as it is and the server reduces it.
 */
export async function reduceForUpload(file: File): Promise<File> {
  if (!browserCanShrink()) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const g = canvas.getContext("2d");
    if (!g) return file;
    g.imageSmoothingQuality = "high";
    g.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: UPLOAD_JPEG_QUALITY });
    return sentFor(file, new File([blob], asJpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified }));
  } finally {
    bitmap.close();
  }
}
