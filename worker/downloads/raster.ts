/**
 * Decoded 8-bit pixels as rows: RGB or RGBA, row y starting at `data[offset + y * stride]`. Our PNG
 * reader leaves the rows where inflate put them (after each row's filter byte), so a resize reads them
 * without a packed RGBA copy; `toRgba` makes one where a step needs it.
 */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
  offset: number;
  stride: number;
}

/** A packed RGBA buffer as a Raster. */
export const rgbaRaster = (rgba: Uint8Array, width: number, height: number): Raster => ({
  data: rgba,
  width,
  height,
  channels: 4,
  offset: 0,
  stride: width * 4,
});

/** Packed RGBA (alpha 255 for RGB): the raster's own buffer when it already is, else a copy. */
export function toRgba(r: Raster): Uint8Array {
  const { data, width, height, channels, offset, stride } = r;
  if (channels === 4 && offset === 0 && stride === width * 4) return data.subarray(0, width * height * 4);
  const rgba = new Uint8Array(width * height * 4);
  if (channels === 4) {
    for (let y = 0; y < height; y++) rgba.set(data.subarray(offset + y * stride, offset + y * stride + width * 4), y * width * 4);
    return rgba;
  }
  const rgba32 = new Uint32Array(rgba.buffer); // one store per pixel (little-endian: R is the low byte)
  for (let y = 0, d = 0; y < height; y++) {
    for (let s = offset + y * stride, end = s + width * 3; s < end; s += 3, d++) {
      rgba32[d] = data[s]! | (data[s + 1]! << 8) | (data[s + 2]! << 16) | 0xff000000;
    }
  }
  return rgba;
}
