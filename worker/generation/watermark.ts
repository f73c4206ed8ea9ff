/**
 * The free-tier watermark: "HEADSHOT STUDIO · FREE" in translucent white over a faint shadow, three rows
 * across the lower two thirds, centred. The face stays readable and the picture is plainly not a paid
 * result. Output is PNG.
 *
 * photon draws text opaque only (its "border" is an offset black copy), so each row is drawn onto a
 * transparent strip, faded by scaling its alpha, and alpha-blended onto the photo with `watermark`.
 */
import { PhotonImage, draw_text, watermark } from "@cf-wasm/photon";

export const WATERMARK_TEXT = "HEADSHOT STUDIO · FREE";
const TEXT_OPACITY = 0.7;
const SHADOW_OPACITY = 0.35;
const ROWS = [0.4, 0.65, 0.88]; // row centres, as fractions of the height

/** A transparent strip with the text drawn in `rgb` (white when null) at `opacity`. */
function textStrip(width: number, height: number, size: number, dx: number, dy: number, rgb: number | null, opacity: number) {
  const strip = new PhotonImage(new Uint8Array(width * height * 4), width, height);
  draw_text(strip, WATERMARK_TEXT, dx, Math.round((height - size) / 2) + dy, size);
  const px = strip.get_raw_pixels();
  strip.free();
  for (let i = 0; i < px.length; i += 4) {
    if (rgb !== null) px[i] = px[i + 1] = px[i + 2] = rgb;
    px[i + 3] = Math.round(px[i + 3]! * opacity);
  }
  return { image: new PhotonImage(px, width, height), pixels: px };
}

/** Leftmost and rightmost columns with any ink. */
function inkColumns(pixels: Uint8Array, width: number): [number, number] {
  let left = width;
  let right = -1;
  for (let i = 3, p = 0; i < pixels.length; i += 4, p++) {
    if (pixels[i]! > 0) {
      const x = p % width;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  return right < 0 ? [0, 0] : [left, right];
}

/** The two text strips for one image width, drawn once per isolate (they depend on the width only). */
interface Strips {
  width: number;
  height: number;
  text: Uint8Array;
  shadow: Uint8Array;
  x: bigint;
}
const stripsByWidth = new Map<number, Strips>();

function stripsFor(width: number): Strips {
  let s = stripsByWidth.get(width);
  if (s) return s;
  const size = Math.max(14, Math.round(width / 14));
  const height = Math.round(size * 1.5);
  const offset = Math.max(1, Math.round(size / 40));
  const text = textStrip(width, height, size, 0, 0, null, TEXT_OPACITY);
  const shadow = textStrip(width, height, size, offset, offset, 0, SHADOW_OPACITY);
  text.image.free();
  shadow.image.free();
  // centre on the ink actually drawn, not on an estimate of the font's width
  const [left, right] = inkColumns(text.pixels, width);
  const x = BigInt(Math.max(0, Math.round((width - (right - left + 1)) / 2) - left));
  s = { width, height, text: text.pixels, shadow: shadow.pixels, x };
  if (stripsByWidth.size >= 8) stripsByWidth.clear();
  stripsByWidth.set(width, s);
  return s;
}

export function stampWatermark(bytes: Uint8Array): Uint8Array {
  const image = PhotonImage.new_from_byteslice(bytes);
  const layers: PhotonImage[] = [];
  try {
    const width = image.get_width();
    const height = image.get_height();
    const strips = stripsFor(width);
    const text = new PhotonImage(strips.text, width, strips.height);
    layers.push(text);
    const shadow = new PhotonImage(strips.shadow, width, strips.height);
    layers.push(shadow);
    for (const fraction of ROWS) {
      const y = BigInt(Math.max(0, Math.round(height * fraction - strips.height / 2)));
      watermark(image, shadow, strips.x, y);
      watermark(image, text, strips.x, y);
    }
    return image.get_bytes();
  } finally {
    for (const layer of layers) layer.free();
    image.free();
  }
}
