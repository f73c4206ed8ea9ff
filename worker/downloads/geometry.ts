/**
 * Where the pixels go: from the source size and the normalised options to one crop, one resize and
 * (for canvases wider than the photo) where the portrait sits on a continued backdrop.
 */
import { PRESETS, WEB_LONG_SIDE, type DownloadOptions } from "../../domain/downloads";

export interface Plan {
  /** Output canvas. */
  width: number;
  height: number;
  /** Source rectangle to use (x1,y1 inclusive; x2,y2 exclusive). */
  crop: { x1: number; y1: number; x2: number; y2: number };
  /** Size the cropped source is resized to (once). Equal to the crop size means no resize. */
  portrait: { width: number; height: number };
  /** Left edge of the portrait on the canvas; the rest of the canvas is continued backdrop. */
  portraitX: number;
}

/** Portion of the canvas width kept free to the right of a banner portrait. */
const BANNER_RIGHT_MARGIN = 0.06;

export function outputSize(srcW: number, srcH: number, o: DownloadOptions): { width: number; height: number } {
  const preset = o.preset ? PRESETS.find((p) => p.id === o.preset) : undefined;
  if (preset) return { width: preset.width, height: preset.height };
  if (o.width && o.height) return { width: o.width, height: o.height };
  if (o.resolution === "web") {
    const scale = Math.min(1, WEB_LONG_SIDE / Math.max(srcW, srcH));
    return { width: Math.max(1, Math.round(srcW * scale)), height: Math.max(1, Math.round(srcH * scale)) };
  }
  return { width: srcW, height: srcH };
}

export function planGeometry(srcW: number, srcH: number, o: DownloadOptions): Plan {
  const { width, height } = outputSize(srcW, srcH, o);
  const full = { x1: 0, y1: 0, x2: srcW, y2: srcH };
  const srcAspect = srcW / srcH;
  const outAspect = width / height;

  // Wider than the photo: keep the whole photo at full height and continue its backdrop sideways.
  // (Cropping a head-and-shoulders photo to 4:1 would cut through the face.)
  if (outAspect > srcAspect * 1.02) {
    const pw = Math.min(width, Math.round(height * srcAspect));
    const isBanner = Boolean(o.preset);
    // Banners: the portrait at the right, since LinkedIn's and X's profile pictures cover the bottom left.
    const portraitX = isBanner ? Math.max(0, width - pw - Math.round(width * BANNER_RIGHT_MARGIN)) : Math.round((width - pw) / 2);
    return { width, height, crop: full, portrait: { width: pw, height }, portraitX };
  }

  // Same shape or taller: cover. Crop the sides (centred) or, rarely, the bottom (keep the head).
  let crop = full;
  if (outAspect < srcAspect * 0.98) {
    const cw = Math.max(1, Math.round(srcH * outAspect));
    const x1 = Math.floor((srcW - cw) / 2);
    crop = { x1, y1: 0, x2: x1 + cw, y2: srcH };
  } else if (outAspect > srcAspect * 1.0001) {
    const ch = Math.max(1, Math.round(srcW / outAspect));
    crop = { x1: 0, y1: 0, x2: srcW, y2: ch };
  }
  return { width, height, crop, portrait: { width, height }, portraitX: 0 };
}
