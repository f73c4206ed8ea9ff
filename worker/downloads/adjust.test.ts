import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { DownloadOptions } from "../../domain/downloads";
import { BACKGROUND_NOT_ALLOWED } from "../../domain/downloads";
import { headshots } from "../../db/schema";
import { encodePng } from "./png-encode";
import { transformDownload } from "./transform";
import { decodePng } from "./test-decoders";
import { downloadHash } from "./options";
import { recolourBackdrop, tilt, zoomCrop } from "./adjust";
import { api, createTestUser, errorBody, testDb } from "../test/helpers";
import { seedProcessing } from "../test/headshots";
import { processGeneration } from "../generation";

const SIZE = 256;
/** A studio picture: a white backdrop, a dark "person" (a square from the bottom middle up), a red mark top-left of it. */
function studio(): Uint8Array {
  const px = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      const person = x >= 64 && x < 192 && y >= 64;
      const mark = x >= 64 && x < 80 && y >= 64 && y < 80;
      const shade = 250 - Math.round((y / SIZE) * 10); // the backdrop's light falls off a little
      px.set(mark ? [200, 20, 20, 255] : person ? [40, 50, 60, 255] : [shade, shade, shade, 255], i);
    }
  }
  return px;
}
const at = (rgba: Uint8Array, w: number, x: number, y: number) => [...rgba.subarray((y * w + x) * 4, (y * w + x) * 4 + 3)];
const opts = (o: Partial<DownloadOptions>): DownloadOptions => ({ resolution: "high", shape: "square", fileFormat: "png", ...o });
const none = { zoom: 100, tilt: 0, panX: 0, panY: 0 };

describe("quick changes in the download pipeline (issue 36)", () => {
  it("recolours the backdrop reachable from the edges, keeping its shading, and leaves the person alone", () => {
    const px = studio();
    const changed = recolourBackdrop(px, SIZE, SIZE, "#1E3A8A");
    expect(changed).toBe(SIZE * SIZE - 128 * (SIZE - 64));
    expect(at(px, SIZE, 5, 2)).toEqual([0x1e, 0x3a, 0x8a]); // near the top: the colour itself
    expect(at(px, SIZE, 128, 128)).toEqual([40, 50, 60]);
    expect(at(px, SIZE, 70, 70)).toEqual([200, 20, 20]);
    // lower down the backdrop is a little darker, as it was
    expect(at(px, SIZE, 5, 250)[2]!).toBeLessThan(at(px, SIZE, 5, 2)[2]!);
  });

  it("tilts about the centre without an empty corner, and zooms into the framing", () => {
    const px = studio();
    const turned = tilt(px, SIZE, SIZE, 10);
    expect(turned).toHaveLength(px.length);
    for (const [x, y] of [
      [0, 0],
      [SIZE - 1, 0],
      [0, SIZE - 1],
      [SIZE - 1, SIZE - 1],
    ] as const) {
      expect(turned[(y * SIZE + x) * 4 + 3]).toBe(255);
    }
    expect(tilt(px, SIZE, SIZE, 0)).toEqual(px);
    // the person's top edge is no longer level
    const personTop = (x: number) => {
      for (let y = 0; y < SIZE; y++) if (at(turned, SIZE, x, y)[0]! < 150) return y;
      return -1;
    };
    expect(personTop(100)).not.toBe(personTop(160));

    const full = { x1: 0, y1: 0, x2: 1000, y2: 1000 };
    expect(zoomCrop(full, { zoom: 200, panX: 0, panY: 0 })).toEqual({ x1: 250, y1: 250, x2: 750, y2: 750 });
    expect(zoomCrop(full, { zoom: 200, panX: -100, panY: 100 })).toEqual({ x1: 0, y1: 500, x2: 500, y2: 1000 });
    expect(zoomCrop(full, { zoom: 100, panX: 100, panY: 0 })).toEqual(full);
  });

  it("makes the adjusted file in the pipeline, and caches it under its own key", async () => {
    const source = await encodePng(studio(), SIZE, SIZE);
    const plain = await decodePng((await transformDownload(source, opts({}))).bytes);
    const zoomed = await decodePng((await transformDownload(source, opts({ adjust: { ...none, zoom: 200 } }))).bytes);
    expect([zoomed.width, zoomed.height]).toEqual([SIZE, SIZE]);
    // at 200 % the picture's middle half fills the frame: the red mark (64–80 px in) is now 0–32 px in
    expect(at(plain.rgba, SIZE, 16, 16)).not.toEqual([200, 20, 20]);
    expect(at(zoomed.rgba, SIZE, 16, 16)).toEqual([200, 20, 20]);
    const blue = await decodePng((await transformDownload(source, opts({ adjust: { ...none, background: "#1E3A8A" } }))).bytes);
    expect(at(blue.rgba, SIZE, 3, 3)[2]).toBeGreaterThan(120);
    expect(at(blue.rgba, SIZE, 128, 200)).toEqual([40, 50, 60]);
    // no adjustment: the very same file as before
    expect(await transformDownload(source, opts({}))).toEqual(await transformDownload(source, opts({ adjust: undefined })));
    const key = await downloadHash(opts({}), "s");
    expect(await downloadHash(opts({ adjust: { ...none, zoom: 150 } }), "s")).not.toBe(key);
  });

  it("the route takes zoom, tilt and position for any picture, a backdrop colour only for a plain backdrop's, and refuses bad values", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const linkedIn = await seedProcessing(user.id, { chargedCredit: false, style: "LinkedIn" });
    const white = await seedProcessing(user.id, { chargedCredit: false, style: "White Background" });
    await processGeneration(env, linkedIn);
    await processGeneration(env, white);
    const download = (id: string, q: string) => api(`/api/headshots/${id}/download?resolution=web&fileFormat=png&${q}`, { headers: auth });

    const zoomed = await download(linkedIn, "zoom=150&tilt=-5&panX=20&panY=-10");
    expect(zoomed.status).toBe(200);
    expect(zoomed.headers.get("Content-Type")).toBe("image/png");
    const refused = await download(linkedIn, "background=%231E3A8A");
    expect(refused.status).toBe(400);
    expect((await errorBody(refused)).message).toContain(BACKGROUND_NOT_ALLOWED);
    expect((await download(white, "background=%231E3A8A")).status).toBe(200);
    // a team-look picture (made in the team's brand colour) may be recoloured whatever its style
    const { db, close } = testDb();
    await db.update(headshots).set({ backgroundColor: "#112233" }).where(eq(headshots.id, linkedIn));
    await close();
    expect((await download(linkedIn, "background=%23AABBCC")).status).toBe(200);
    for (const bad of ["zoom=99", "zoom=201", "tilt=16", "panX=-101", "background=blue", "zoom=1.5"]) {
      expect((await download(white, bad)).status, bad).toBe(400);
    }
  }, 180_000);
});
