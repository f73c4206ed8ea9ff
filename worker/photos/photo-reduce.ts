/**
 * A photo brought down to what the model uses, once, when it is taken in (issue 34;
 * docs/decisions/170-phone-photos.md): at most MODEL_PHOTO_MAX_SIDE on its longer side and upright.
 * The browser does this before sending (web/src/features/generator/photo-reduce.ts), so most photos
 * arrive ready and are stored as they came (metadata stripped: ./image-bytes.ts). What still arrives
 * larger, or turned by an EXIF orientation, is decoded here within a Worker's memory:
 * - JPEG by ./jpeg-decode.ts, reduced by a power of two and turned upright while it decodes (a 4032×3024
 *   phone photo becomes 1512×2016 RGBA without ever being whole, and without further copies);
 * - PNG by ./png-scaled.ts, one row at a time and averaged down by a whole factor as it decodes (issue 46:
 *   read whole, a 5800² RGBA PNG of 140 KB was 134 MB of rows and a 500; decision 305);
 * then resized to fit (worker/downloads' Catmull-Rom) and stored as JPEG (quality 90).
 * A JPEG this decoder cannot read (progressive, CMYK) keeps its orientation tag when it needs no
 * reduction, and is refused with advice when it does; so is a WebP over the side.
 */
import { PhotonImage } from "@cf-wasm/photon";
import { MESSAGES, MODEL_PHOTO_MAX_SIDE } from "../../domain/limits";
import { fitWithin } from "../../domain/photo-kind";
import { resizeRgba, toRgba, type Raster } from "../downloads";
import { badRequest, said } from "../lib";
import { m } from "../../copy";
import { decodeJpegScaled } from "./jpeg-decode";
import { decodePngScaled, PngDamaged } from "./png-scaled";
import type { InspectedImage } from "./image-bytes";

/** JPEG quality of a reduced photo: invisible loss at the model's input size (~0.7 MB for a 2048×1536 photo). */
const REDUCED_JPEG_QUALITY = 90;

export interface StoredPhoto {
  bytes: Uint8Array;
  type: string;
  /** Upright size as stored. */
  width: number;
  height: number;
}

export const cannotReduce = () => badRequest(said(m.errors_cannot_reduce, { side: MODEL_PHOTO_MAX_SIDE }));

/** Orientations 5–8 swap width and height. */
const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

/**
 * The pixels of a photo that needs them, upright, reduced by the decoder where it can (a JPEG's orientation is
 * applied as it decodes: ./jpeg-decode.ts; a PNG has none); null when we cannot decode it. A damaged PNG
 * stream (the chunks' checksums were right) is the person's 400, not a 500.
 */
async function decodeForReduction(image: InspectedImage): Promise<Raster | null> {
  const maxDecodedSide = Math.round(MODEL_PHOTO_MAX_SIDE * 1.5);
  if (image.type === "image/jpeg") return decodeJpegScaled(image.stripped, maxDecodedSide, image.orientation);
  if (image.type !== "image/png") return null;
  try {
    return await decodePngScaled(image.stripped, maxDecodedSide);
  } catch (err) {
    if (err instanceof PngDamaged) throw badRequest(MESSAGES.unreadable);
    throw err;
  }
}

/** What to store for an inspected upload: as it came when it is small and upright, else reduced and turned. */
export async function reducePhoto(image: InspectedImage): Promise<StoredPhoto> {
  const large = Math.max(image.width, image.height) > MODEL_PHOTO_MAX_SIDE;
  const turned = image.orientation > 1;
  const asIs = { bytes: image.stripped, type: image.type, width: image.width, height: image.height };
  if (!large && !turned) return asIs;
  const upright = await decodeForReduction(image);
  if (!upright) {
    if (large) throw cannotReduce();
    // small but turned, in a JPEG we cannot decode: its orientation tag stays (./image-bytes.ts), viewers honour it
    return turnsSideways(image.orientation) ? { ...asIs, width: image.height, height: image.width } : asIs;
  }
  const fit = fitWithin(upright.width, upright.height);
  // the decoder's own buffer when it needs no resize (packed RGBA already: no copy)
  const rgba =
    fit.width === upright.width && fit.height === upright.height
      ? toRgba(upright)
      : resizeRgba(upright, { x1: 0, y1: 0, x2: upright.width, y2: upright.height }, fit.width, fit.height);
  const img = new PhotonImage(rgba, fit.width, fit.height);
  try {
    return { bytes: img.get_bytes_jpeg(REDUCED_JPEG_QUALITY), type: "image/jpeg", width: fit.width, height: fit.height };
  } finally {
    img.free();
  }
}
