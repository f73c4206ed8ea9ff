/**
 * Raw RGBA pixel work that photon has no primitive for: continuing a photo's backdrop across a wider
 * canvas, and the anti-aliased round mask. Plain loops over one buffer each; no allocation per pixel.
 */

/** Box-blur a per-row colour profile (rows × 3 floats) in place, `passes` times (≈ Gaussian). */
function blurProfile(p: Float32Array, rows: number, radius: number, passes = 3): void {
  if (radius < 1) return;
  const tmp = new Float32Array(p.length);
  for (let pass = 0; pass < passes; pass++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      let n = 0;
      for (let y = -radius; y < rows + radius; y++) {
        const add = y + radius;
        if (add >= 0 && add < rows) {
          sum += p[add * 3 + c]!;
          n++;
        }
        const drop = y - radius - 1;
        if (drop >= 0 && drop < rows) {
          sum -= p[drop * 3 + c]!;
          n--;
        }
        if (y >= 0 && y < rows) tmp[y * 3 + c] = sum / n;
      }
    }
    p.set(tmp);
  }
}

/** Average colour of columns [x0, x1) of each row of an RGBA image (rows × 3). */
function edgeProfile(px: Uint8Array, w: number, h: number, x0: number, x1: number): Float32Array {
  const out = new Float32Array(h * 3);
  const n = x1 - x0;
  for (let y = 0; y < h; y++) {
    let r = 0,
      g = 0,
      b = 0;
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 4;
      r += px[i]!;
      g += px[i + 1]!;
      b += px[i + 2]!;
    }
    out[y * 3] = r / n;
    out[y * 3 + 1] = g / n;
    out[y * 3 + 2] = b / n;
  }
  return out;
}

/**
 * The far backdrop: the top 40 % of the edge profile (backdrop above the shoulders in a headshot),
 * held below that, so the studio light's vertical falloff continues but clothing colours do not spread.
 */
function farProfile(edge: Float32Array, h: number): Float32Array {
  const far = new Float32Array(edge);
  const hold = Math.max(1, Math.round(h * 0.4));
  for (let y = hold; y < h; y++) for (let c = 0; c < 3; c++) far[y * 3 + c] = edge[(hold - 1) * 3 + c]!;
  blurProfile(far, h, Math.round(h / 6));
  return far;
}

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/**
 * Places `portrait` (pw × h RGBA) at x = `px0` on a `width` × h canvas and fills the rest with a
 * continuation of the portrait's own backdrop: each row starts from the colour at the portrait's edge
 * and eases into a calm, vertically graded backdrop colour; the seam is feathered into the portrait.
 */
export function composeOnBackdrop(portrait: Uint8Array, pw: number, h: number, width: number, px0: number): Uint8Array {
  const out = new Uint8Array(width * h * 4);
  const strip = Math.max(2, Math.round(pw / 48));
  const sides = [
    { gap: px0, edge: edgeProfile(portrait, pw, h, 0, strip), dir: -1 },
    { gap: width - px0 - pw, edge: edgeProfile(portrait, pw, h, pw - strip, pw), dir: 1 },
  ];
  const feather = Math.max(2, Math.round(pw / 20));

  for (const side of sides) {
    if (side.gap <= 0) continue;
    blurProfile(side.edge, h, Math.max(1, Math.round(h / 40)));
    const far = farProfile(side.edge, h);
    const fade = Math.max(1, Math.min(side.gap, h) * 0.4);
    const ease = new Float32Array(side.gap).map((_, d) => smoothstep(d / fade)); // per column, same every row
    for (let y = 0; y < h; y++) {
      const e0 = side.edge[y * 3]!,
        e1 = side.edge[y * 3 + 1]!,
        e2 = side.edge[y * 3 + 2]!;
      const f0 = far[y * 3]!,
        f1 = far[y * 3 + 1]!,
        f2 = far[y * 3 + 2]!;
      for (let d = 0; d < side.gap; d++) {
        const x = side.dir < 0 ? px0 - 1 - d : px0 + pw + d;
        const t = ease[d]!;
        const i = (y * width + x) * 4;
        out[i] = e0 + (f0 - e0) * t;
        out[i + 1] = e1 + (f1 - e1) * t;
        out[i + 2] = e2 + (f2 - e2) * t;
        out[i + 3] = 255;
      }
    }
  }

  // Copy the portrait, feathering its outer columns into the backdrop colour where there is backdrop.
  for (let y = 0; y < h; y++) {
    out.set(portrait.subarray(y * pw * 4, (y + 1) * pw * 4), (y * width + px0) * 4);
    for (const side of sides) {
      if (side.gap <= 0) continue;
      const e0 = side.edge[y * 3]!,
        e1 = side.edge[y * 3 + 1]!,
        e2 = side.edge[y * 3 + 2]!;
      for (let d = 0; d < feather && d < pw; d++) {
        const x = side.dir < 0 ? px0 + d : px0 + pw - 1 - d;
        const keep = smoothstep((d + 0.5) / feather); // 0 at the seam → 1 inside
        const i = (y * width + x) * 4;
        out[i] = e0 + (out[i]! - e0) * keep;
        out[i + 1] = e1 + (out[i + 1]! - e1) * keep;
        out[i + 2] = e2 + (out[i + 2]! - e2) * keep;
      }
    }
  }
  return out;
}

/**
 * Multiplies alpha by a round mask: a circle on a square canvas, a stadium (semicircular ends of
 * diameter = the short side) on any other. Coverage is the distance to the edge at the pixel centre,
 * clamped to [0, 1], which anti-aliases the edge over about one pixel.
 */
export function applyRoundMask(px: Uint8Array, width: number, height: number): void {
  const r = Math.min(width, height) / 2;
  const halfCoreX = width / 2 - r;
  const halfCoreY = height / 2 - r;
  for (let y = 0; y < height; y++) {
    const dy = Math.max(0, Math.abs(y + 0.5 - height / 2) - halfCoreY);
    for (let x = 0; x < width; x++) {
      const dx = Math.max(0, Math.abs(x + 0.5 - width / 2) - halfCoreX);
      const coverage = r - Math.sqrt(dx * dx + dy * dy) + 0.5;
      if (coverage >= 1) continue;
      const i = (y * width + x) * 4 + 3;
      px[i] = coverage <= 0 ? 0 : Math.round(px[i]! * coverage);
    }
  }
}

/**
 * Paints a border of `border` pixels in `color` (#RRGGBB) inside the edge of the picture: a frame on a
 * square, a ring inside the circle on round (drawn before the round mask, which then cuts its outer edge
 * as it cuts the photo's). The ring's inner edge is anti-aliased over about one pixel, like the mask.
 */
export function drawBorder(px: Uint8Array, width: number, height: number, border: number, color: string, round: boolean): void {
  if (border <= 0) return;
  const rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const r = Math.min(width, height) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cover: number;
      if (round) {
        const dx = x + 0.5 - width / 2;
        const dy = y + 0.5 - height / 2;
        // 1 at and beyond r - border, 0 further in, blended across the one pixel between
        cover = Math.sqrt(dx * dx + dy * dy) - (r - border) + 0.5;
      } else {
        cover = Math.min(x, y, width - 1 - x, height - 1 - y) < border ? 1 : 0;
      }
      if (cover <= 0) continue;
      const t = Math.min(1, cover);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(px[i + c]! + (rgb[c]! - px[i + c]!) * t);
      px[i + 3] = 255;
    }
  }
}
