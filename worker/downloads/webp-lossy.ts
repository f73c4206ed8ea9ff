/**
 * Lossy WebP for the `web` resolution: libwebp (Squoosh's build via @jsquash/webp, SIMD) in WASM.
 * The WASM module comes from `#webp-encoder-wasm`: imported as a module in workerd (which cannot
 * compile WASM from bytes), read from disk in Node. Quality and the measured SSIM are in
 * docs/decisions/033-download-encoders.md; bench/downloads.ts prints them.
 */
import factory from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import type { WebPModule } from "@jsquash/webp/codec/enc/webp_enc";
import { defaultOptions } from "@jsquash/webp/meta.js";
import { initEmscriptenModule } from "@jsquash/webp/utils.js";
import wasm from "#webp-encoder-wasm";

/** libwebp quality for `web`: SSIM ≈ 0.98 against the lossless pixels on a noisy photo-like 512² (bench/downloads.ts), 4× smaller or better. */
export const WEB_WEBP_QUALITY = 95;

let encoder: Promise<WebPModule> | undefined;

export async function encodeWebpLossy(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  encoder ??= initEmscriptenModule(factory as never, wasm) as Promise<WebPModule>;
  const module = await encoder;
  const out = module.encode(rgba as Uint8Array<ArrayBuffer>, width, height, {
    ...defaultOptions,
    quality: WEB_WEBP_QUALITY,
    method: 4, // libvips' (and sharp's) default effort
    use_sharp_yuv: 0, // libvips' default too: same luma SSIM, 15 % less time (decision 033)
    alpha_quality: 100, // the round mask's edge stays exact
  });
  if (!out) throw new Error("WebP encoding failed");
  return new Uint8Array(out);
}
