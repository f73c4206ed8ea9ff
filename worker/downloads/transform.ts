/**
 * The download pipeline as one plain function: stored result bytes + normalised options → file bytes.
 * Decode once, crop and resize once (Catmull-Rom), compose/mask in raw RGBA only when needed, encode
 * once, then write DPI into the container without re-encoding. Every PhotonImage is freed.
 * Routes, tests and bench/downloads.ts all call `transformDownload` directly.
 */
import { PhotonImage, SamplingFilter, crop, resize } from "@cf-wasm/photon";
import type { DownloadOptions, FileFormat } from "../../domain/downloads";
import { applyRoundMask, composeOnBackdrop } from "./compose";
import { planGeometry } from "./geometry";
import { isPng, pngSize, setPngDpi } from "./png";
import { encodeTiff } from "./tiff";
import { setWebpDpi } from "./webp";

export const FORMAT_MIME: Record<FileFormat, string> = {
  png: "image/png",
  webp: "image/webp",
  tiff: "image/tiff",
};

/**
 * Catmull-Rom: as sharp as Lanczos3 to the eye for photos at these ratios, and about 20 % cheaper
 * in photon (see docs/decisions/030-download-pipeline.md and bench/downloads.ts).
 */
export const RESIZE_FILTER = SamplingFilter.CatmullRom;

export interface TransformResult {
  bytes: Uint8Array;
  mime: string;
  width: number;
  height: number;
}

export async function transformDownload(source: Uint8Array, o: DownloadOptions): Promise<TransformResult> {
  const dpi = o.dpi ? Number(o.dpi) : undefined;
  const mime = FORMAT_MIME[o.fileFormat];

  // Nothing to do to the pixels of a stored PNG: only (re)write pHYs; no decode, no re-encode.
  if (isPng(source) && o.fileFormat === "png" && o.shape === "square") {
    const { width, height } = pngSize(source);
    const plan = planGeometry(width, height, o);
    if (plan.width === width && plan.height === height && plan.portrait.width === width) {
      return { bytes: setPngDpi(source, dpi), mime, width, height };
    }
  }

  let img: PhotonImage | undefined = PhotonImage.new_from_byteslice(source);
  try {
    const plan = planGeometry(img.get_width(), img.get_height(), o);
    const { crop: c, portrait } = plan;
    if (c.x1 !== 0 || c.y1 !== 0 || c.x2 !== img.get_width() || c.y2 !== img.get_height()) {
      const next = crop(img, c.x1, c.y1, c.x2, c.y2);
      img.free();
      img = next;
    }
    if (portrait.width !== img.get_width() || portrait.height !== img.get_height()) {
      const next = resize(img, portrait.width, portrait.height, RESIZE_FILTER);
      img.free();
      img = next;
    }

    const needsRaw = plan.width !== portrait.width || o.shape === "round";
    if (!needsRaw && o.fileFormat !== "tiff") return { bytes: encodePhoton(img, o.fileFormat, dpi, false), mime, width: plan.width, height: plan.height };

    let pixels = img.get_raw_pixels();
    img.free();
    img = undefined;
    if (plan.width !== portrait.width) {
      pixels = composeOnBackdrop(pixels, portrait.width, plan.height, plan.width, plan.portraitX);
    }
    if (o.shape === "round") applyRoundMask(pixels, plan.width, plan.height);

    if (o.fileFormat === "tiff") {
      return { bytes: await encodeTiff(pixels, plan.width, plan.height, dpi), mime, width: plan.width, height: plan.height };
    }
    img = new PhotonImage(pixels, plan.width, plan.height);
    const hasAlpha = o.shape === "round";
    return { bytes: encodePhoton(img, o.fileFormat, dpi, hasAlpha), mime, width: plan.width, height: plan.height };
  } finally {
    img?.free();
  }
}

/** PNG or lossless WebP from photon, with the DPI written into the container afterwards. */
function encodePhoton(img: PhotonImage, format: "png" | "webp", dpi: number | undefined, hasAlpha: boolean): Uint8Array {
  if (format === "png") return setPngDpi(img.get_bytes(), dpi);
  return setWebpDpi(img.get_bytes_webp(), img.get_width(), img.get_height(), hasAlpha, dpi);
}
