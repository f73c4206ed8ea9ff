/**
 * A deterministic, photo-like 1024×1024 test portrait as raw RGBA (for tests and bench/downloads.ts):
 * a lit studio backdrop with a vertical falloff, a head and shoulders, soft edges and sensor-like noise,
 * so encoders and resizers see something closer to a photo than a flat test card.
 */
export function portraitPixels(size = 1024, seed = 1): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  let s = seed >>> 0 || 1;
  const noise = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s / 0xffffffff - 0.5) * 10;
  };
  const cx = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size,
        v = y / size;
      // backdrop: blue-grey, brighter top-centre
      const light = 1 - 0.35 * Math.hypot(u - 0.5, v - 0.25);
      let r = 120 * light,
        g = 135 * light,
        b = 155 * light;
      const head = ((x - cx) / (size * 0.17)) ** 2 + ((y - size * 0.4) / (size * 0.23)) ** 2;
      const shoulders = y > size * 0.68 && Math.abs(x - cx) < size * (0.22 + (y / size - 0.68) * 1.1);
      if (shoulders) {
        const fold = 0.85 + 0.15 * Math.sin(x / 23 + y / 41);
        r = 40 * fold;
        g = 45 * fold;
        b = 60 * fold; // dark jacket
      } else if (head < 1) {
        const shade = 0.8 + 0.2 * (1 - head);
        r = 215 * shade;
        g = 170 * shade;
        b = 145 * shade;
        if (y < size * 0.26 + Math.sin(x / 17) * 6) {
          r = 70;
          g = 50;
          b = 35;
        } // hair
      } else if (head < 1.08) {
        const t = (head - 1) / 0.08;
        r = r * t + 180 * (1 - t);
        g = g * t + 140 * (1 - t);
        b = b * t + 120 * (1 - t);
      }
      const i = (y * size + x) * 4;
      const n = noise();
      px[i] = Math.max(0, Math.min(255, r + n));
      px[i + 1] = Math.max(0, Math.min(255, g + n));
      px[i + 2] = Math.max(0, Math.min(255, b + n));
      px[i + 3] = 255;
    }
  }
  return px;
}
