/**
 * Quick changes without the model (issue 36; decision 203), on the decoded RGBA before the one crop and resize:
 * a new backdrop colour (a flood fill from the top and side edges over the pixels close to the backdrop, each
 * keeping its own shading), the tilt (a rotation about the centre, bilinear, enlarged just enough to leave no
 * corner empty), and the zoom and position (a smaller crop rectangle for planGeometry's).
 */
import type { Adjustments } from "../../domain/downloads";
import type { Plan } from "./geometry";

/** How far (RGB distance) a pixel may be from the backdrop colour and still be backdrop. */
const BACKDROP_TOLERANCE = 48;

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];

/** The backdrop's colour: the mean of the top rows (above the head in a headshot). */
function backdropColour(px: Uint8Array, w: number, h: number): [number, number, number] {
  const rows = Math.max(1, Math.round(h * 0.03));
  const sum = [0, 0, 0];
  for (let i = 0; i < rows * w * 4; i += 4) for (let c = 0; c < 3; c++) sum[c]! += px[i + c]!;
  return sum.map((s) => s / (rows * w)) as [number, number, number];
}

/** Replaces the backdrop reachable from the top, left and right edges with `colour`, in place. Returns how many pixels changed. */
export function recolourBackdrop(px: Uint8Array, w: number, h: number, colour: string): number {
  const from = backdropColour(px, w, h);
  const to = hex(colour);
  const near = (i: number) => {
    const dr = px[i]! - from[0],
      dg = px[i + 1]! - from[1],
      db = px[i + 2]! - from[2];
    return dr * dr + dg * dg + db * db <= BACKDROP_TOLERANCE * BACKDROP_TOLERANCE;
  };
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0,
    tail = 0;
  const push = (p: number) => {
    if (!seen[p] && near(p * 4)) {
      seen[p] = 1;
      queue[tail++] = p;
    }
  };
  for (let x = 0; x < w; x++) push(x);
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (p >= w) push(p - w);
    if (p < w * (h - 1)) push(p + w);
  }
  for (let k = 0; k < tail; k++) {
    const i = queue[k]! * 4;
    // the new colour, with the pixel's own light (its difference from the backdrop's mean)
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, Math.round(to[c]! + px[i + c]! - from[c]!)));
  }
  return tail;
}

/** The picture turned `degrees` clockwise about its centre, enlarged so no corner is empty (same size, new buffer). */
export function tilt(px: Uint8Array, w: number, h: number, degrees: number): Uint8Array {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a),
    sin = Math.sin(a);
  // the enlargement that keeps the rotated picture covering the frame
  const scale = Math.max((w * Math.abs(cos) + h * Math.abs(sin)) / w, (w * Math.abs(sin) + h * Math.abs(cos)) / h);
  const out = new Uint8Array(w * h * 4);
  const cx = (w - 1) / 2,
    cy = (h - 1) / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // inverse map: output → source
      const dx = (x - cx) / scale,
        dy = (y - cy) / scale;
      const sx = Math.min(w - 1, Math.max(0, cos * dx + sin * dy + cx));
      const sy = Math.min(h - 1, Math.max(0, -sin * dx + cos * dy + cy));
      const x0 = Math.floor(sx),
        y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1),
        y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0,
        fy = sy - y0;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = px[(y0 * w + x0) * 4 + c]! * (1 - fx) + px[(y0 * w + x1) * 4 + c]! * fx;
        const bottom = px[(y1 * w + x0) * 4 + c]! * (1 - fx) + px[(y1 * w + x1) * 4 + c]! * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}

/** The plan's crop made smaller by the zoom and moved by the position, inside the source. */
export function zoomCrop(crop: Plan["crop"], a: Pick<Adjustments, "zoom" | "panX" | "panY">): Plan["crop"] {
  const f = 100 / a.zoom;
  const cw = Math.max(1, Math.round((crop.x2 - crop.x1) * f));
  const ch = Math.max(1, Math.round((crop.y2 - crop.y1) * f));
  const roomX = crop.x2 - crop.x1 - cw;
  const roomY = crop.y2 - crop.y1 - ch;
  const x1 = crop.x1 + Math.round((roomX * (a.panX + 100)) / 200);
  const y1 = crop.y1 + Math.round((roomY * (a.panY + 100)) / 200);
  return { x1, y1, x2: x1 + cw, y2: y1 + ch };
}
