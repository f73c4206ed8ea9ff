/**
 * A photo brought down to what the model uses, once, when it is taken in (issue 34;
 * docs/decisions/170-phone-photos.md): at most MODEL_PHOTO_MAX_SIDE on its longer side and upright.
 * The browser does this before sending (web/src/features/generator/photo-reduce.ts), so most photos
 * arrive ready and are stored as they came (metadata stripped: ./image-bytes.ts). What still arrives
 * larger, or turned by an EXIF orientation, is decoded here within a Worker's memory:
 * - JPEG by ./jpeg-decode.ts, reduced by a power of two while it decodes (a 4032×3024 phone photo
 *   becomes 2016×1512 without ever being whole);
 * - PNG by the downloads' reader (worker/downloads), whole: a PNG over the side is rare (a screenshot);
 * then resized to fit (worker/downloads' Catmull-Rom), turned upright, and stored as JPEG (quality 90).
 * A JPEG this decoder cannot read (progressive, CMYK) keeps its orientation tag when it needs no
 * reduction, and is refused with advice when it does; so is a WebP over the side.
 */
import { PhotonImage } from "@cf-wasm/photon";
import { MODEL_PHOTO_MAX_SIDE } from "../../domain/limits";
import { fitWithin } from "../../domain/photo-kind";
import { decodePng, resizeRgba, toRgba, type Raster } from "../downloads";
import { badRequest } from "../lib";
import { decodeJpegScaled } from "./jpeg-decode";
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

export const cannotReduce = () =>
  badRequest(
    `This photo is larger than ${MODEL_PHOTO_MAX_SIDE} pixels on its longer side, and it's in a format we can't shrink here. Please upload it from our website (which shrinks it for you), or save it as a standard JPEG.`,
  );

/** Orientations 5–8 swap width and height. */
const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

/**
 * Packed RGBA turned upright for an EXIF orientation (1–8; TIFF 6.0 / Exif 2.32 §4.6.4 "Orientation"):
 * returns the new buffer and its size.
 */
export function orientRgba(rgba: Uint8Array, width: number, height: number, orientation: number) {
  if (orientation <= 1 || orientation > 8) return { rgba, width, height };
  const src = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const sideways = turnsSideways(orientation);
  const w = sideways ? height : width;
  const h = sideways ? width : height;
  const out = new Uint8Array(w * h * 4);
  const dst = new Uint32Array(out.buffer);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // where the upright pixel (x, y) is in the stored picture
      let sx: number, sy: number;
      switch (orientation) {
        case 2: sx = width - 1 - x; sy = y; break; // prettier-ignore
        case 3: sx = width - 1 - x; sy = height - 1 - y; break; // prettier-ignore
        case 4: sx = x; sy = height - 1 - y; break; // prettier-ignore
        case 5: sx = y; sy = x; break; // prettier-ignore
        case 6: sx = y; sy = height - 1 - x; break; // prettier-ignore
        case 7: sx = width - 1 - y; sy = height - 1 - x; break; // prettier-ignore
        default:
          sx = width - 1 - y;
          sy = x; // 8
      }
      dst[y * w + x] = src[sy * width + sx]!;
    }
  }
  return { rgba: out, width: w, height: h };
}

/** The pixels of a photo that needs them, reduced by the decoder where it can; null when we cannot decode it. */
function decodeForReduction(image: InspectedImage): Raster | null {
  if (image.type === "image/jpeg") return decodeJpegScaled(image.stripped, Math.round(MODEL_PHOTO_MAX_SIDE * 1.5));
  if (image.type === "image/png") return decodePng(image.stripped);
  return null;
}

/** What to store for an inspected upload: as it came when it is small and upright, else reduced and turned. */
export function reducePhoto(image: InspectedImage): StoredPhoto {
  const large = Math.max(image.width, image.height) > MODEL_PHOTO_MAX_SIDE;
  const turned = image.orientation > 1;
  const asIs = { bytes: image.stripped, type: image.type, width: image.width, height: image.height };
  if (!large && !turned) return asIs;
  const raster = decodeForReduction(image);
  if (!raster) {
    if (large) throw cannotReduce();
    // small but turned, in a JPEG we cannot decode: its orientation tag stays (./image-bytes.ts), viewers honour it
    return turnsSideways(image.orientation) ? { ...asIs, width: image.height, height: image.width } : asIs;
  }
  const fit = fitWithin(raster.width, raster.height);
  const rgba =
    fit.width === raster.width && fit.height === raster.height
      ? toRgba(raster)
      : resizeRgba(raster, { x1: 0, y1: 0, x2: raster.width, y2: raster.height }, fit.width, fit.height);
  const upright = orientRgba(rgba, fit.width, fit.height, image.orientation);
  const img = new PhotonImage(upright.rgba, upright.width, upright.height);
  try {
    return { bytes: img.get_bytes_jpeg(REDUCED_JPEG_QUALITY), type: "image/jpeg", width: upright.width, height: upright.height };
  } finally {
    img.free();
  }
}
