/**
 * The download pipeline as one plain function: stored result bytes + normalised options → file bytes.
 * Decode once (our PNG reader on the runtime's zlib; photon for anything else), crop and resize once
 * (resize.ts, Catmull-Rom), compose/mask the raw RGBA when needed, encode once with DPI in the
 * container: PNG and TIFF by our writers on native zlib, lossless WebP by photon, the `web` WebP lossy
 * by libwebp. Every file carries the XMP that marks it AI-made (decision 110). Routes, tests and bench/downloads.ts all call `transformDownload` directly.
 * docs/decisions/030-download-pipeline.md and 033-download-encoders.md say why.
 */
import { PhotonImage } from "@cf-wasm/photon";
import { noAdjustment, type DownloadOptions, type FileFormat } from "../../domain/downloads";
import { applyRoundMask, composeOnBackdrop, drawBorder } from "./compose";
import { planGeometry } from "./geometry";
import { isPng, markPng, pngSize } from "./png";
import { decodePng, type Pixels } from "./png-decode";
import { encodePng, isOpaque } from "./png-encode";
import { resizeRgba } from "./resize";
import { rgbaRaster, toRgba } from "./raster";
import { recolourBackdrop, tilt, zoomCrop } from "./adjust";
import { encodeTiff } from "./tiff";
import { markWebp } from "./webp";
import { encodeWebpLossy } from "./webp-lossy";

export const FORMAT_MIME: Record<FileFormat, string> = {
  png: "image/png",
  webp: "image/webp",
  tiff: "image/tiff",
};

export interface TransformResult {
  bytes: Uint8Array;
  mime: string;
  width: number;
  height: number;
}

/** Pixels of the stored result: our PNG reader when it can, photon otherwise (JPEG, 16-bit…). */
async function decode(source: Uint8Array): Promise<Pixels> {
  const png = decodePng(source);
  if (png) return png;
  const img = PhotonImage.new_from_byteslice(source);
  try {
    const rgba = img.get_raw_pixels();
    return { ...rgbaRaster(rgba, img.get_width(), img.get_height()), opaque: isOpaque(rgba) };
  } finally {
    img.free();
  }
}

export async function transformDownload(source: Uint8Array, o: DownloadOptions): Promise<TransformResult> {
  const dpi = o.dpi ? Number(o.dpi) : undefined;
  const mime = FORMAT_MIME[o.fileFormat];

  const adjust = noAdjustment(o.adjust) ? undefined : o.adjust;
  // Nothing to do to the pixels of a stored PNG: only (re)write pHYs and the XMP; no decode, no re-encode.
  if (!adjust && isPng(source) && o.fileFormat === "png" && o.shape === "square" && !o.border) {
    const { width, height } = pngSize(source);
    const plan = planGeometry(width, height, o);
    if (plan.width === width && plan.height === height && plan.portrait.width === width) {
      return { bytes: markPng(source, { dpi }), mime, width, height };
    }
  }

  // Lossless WebP of the stored picture as it is (high resolution, or a custom size equal to it): photon reads the
  // PNG itself, so its pixels are never in JS as well (decision 236: 2048² within 64 MB).
  if (!adjust && !o.border && isPng(source) && o.fileFormat === "webp" && o.resolution !== "web" && o.shape === "square") {
    const { width, height } = pngSize(source);
    const plan = planGeometry(width, height, o);
    const { crop: c } = plan;
    const whole = c.x1 === 0 && c.y1 === 0 && c.x2 === width && c.y2 === height;
    if (whole && plan.width === width && plan.height === height && plan.portrait.width === width && plan.portrait.height === height) {
      const img = PhotonImage.new_from_byteslice(source);
      try {
        return { bytes: markWebp(img.get_bytes_webp(), dpi, false), mime, width, height };
      } finally {
        img.free();
      }
    }
  }

  let src: Pixels = await decode(source);
  if (adjust && (adjust.background || adjust.tilt !== 0)) {
    // the quick changes on the whole picture first (./adjust.ts): the backdrop's colour, then the tilt
    let rgba = toRgba(src);
    if (rgba === src.data) rgba = rgba.slice();
    if (adjust.background) recolourBackdrop(rgba, src.width, src.height, adjust.background);
    if (adjust.tilt !== 0) rgba = tilt(rgba, src.width, src.height, adjust.tilt);
    src = { ...rgbaRaster(rgba, src.width, src.height), opaque: src.opaque };
  }
  const plan = planGeometry(src.width, src.height, o);
  if (adjust) plan.crop = zoomCrop(plan.crop, adjust);
  const { crop: c, portrait, width, height } = plan;
  const whole = c.x1 === 0 && c.y1 === 0 && c.x2 === src.width && c.y2 === src.height;
  const asIs = whole && portrait.width === src.width && portrait.height === src.height;
  const round = o.shape === "round";
  // Nothing below makes a pixel transparent but the round mask (the resize keeps an opaque picture exactly opaque).
  const opaque = src.opaque && !round;
  if (asIs && width === portrait.width && !o.border && !round && o.fileFormat === "tiff") {
    // the picture at its size: the decoded rows go to the TIFF writer as they are, no RGBA copy
    return { bytes: await encodeTiff(src, dpi, opaque), mime, width, height };
  }
  let pixels = asIs ? toRgba(src) : resizeRgba(src, c, portrait.width, portrait.height);
  if (width !== portrait.width) pixels = composeOnBackdrop(pixels, portrait.width, height, width, plan.portraitX);
  if (o.border) drawBorder(pixels, width, height, o.border.width, o.border.color, round);
  if (round) applyRoundMask(pixels, width, height);

  let bytes: Uint8Array;
  if (o.fileFormat === "png") bytes = await encodePng(pixels, width, height, dpi, opaque);
  else if (o.fileFormat === "tiff") bytes = await encodeTiff(rgbaRaster(pixels, width, height), dpi, opaque);
  else if (o.resolution === "web") {
    bytes = markWebp(await encodeWebpLossy(pixels, width, height), dpi, round);
  } else {
    const img = new PhotonImage(pixels, width, height);
    try {
      bytes = markWebp(img.get_bytes_webp(), dpi, round);
    } finally {
      img.free();
    }
  }
  return { bytes, mime, width, height };
}
