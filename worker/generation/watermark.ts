/**
 * The free-tier watermark: "HEADSHOT STUDIO · FREE" in bordered white text, three rows across the
 * lower two thirds (the face stays readable, the picture is plainly not a paid result). Output is PNG.
 */
import { PhotonImage, draw_text_with_border } from "@cf-wasm/photon";

export const WATERMARK_TEXT = "HEADSHOT STUDIO · FREE";

export function stampWatermark(bytes: Uint8Array): Uint8Array {
  const image = PhotonImage.new_from_byteslice(bytes);
  try {
    const width = image.get_width();
    const height = image.get_height();
    const size = Math.max(14, Math.round(width / 14));
    const textWidth = Math.round(size * 0.55 * WATERMARK_TEXT.length);
    const x = Math.max(4, Math.round((width - textWidth) / 2));
    for (const fraction of [0.4, 0.65, 0.88]) {
      draw_text_with_border(image, WATERMARK_TEXT, x, Math.round(height * fraction - size / 2), size);
    }
    return image.get_bytes();
  } finally {
    image.free();
  }
}
