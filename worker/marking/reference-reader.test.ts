/**
 * The model that made each picture, in its Content Credentials on every path (issue 48, decision 343), read back
 * by c2pa-rs (the reference implementation, ../test/c2pa-reader.ts) inside workerd: a generation whose first
 * model is gone (404) is made by the fallback, and the result view, the downloads (PNG, WebP, TIFF), a quick
 * change, a ZIP and a refine of it all say so, signed and trusted; a changed byte is invalid; a row from before
 * the model was recorded names no model.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { getConfig } from "../config";
import { processGeneration } from "../generation/process";
import { signImageUrl } from "../images/signed-urls";
import { api, client, createTestUser, env, testDb } from "../test/helpers";
import { envWithChain, headshotRow, seedProcessing, testModel, withRecordingQueue } from "../test/headshots";
import { readC2pa, type C2paRead } from "../test/c2pa-reader";
import { readZip } from "../test/zip";
import { DIGITAL_SOURCE_TYPE } from "./xmp";

const bytesOf = async (res: Response | { arrayBuffer(): Promise<ArrayBuffer> }) => new Uint8Array(await res.arrayBuffer());
const download = async (id: string, query: string, auth: Record<string, string>) => {
  const res = await client.headshots[":id"].download.$get(
    { param: { id }, query: Object.fromEntries(new URLSearchParams(query)) },
    { headers: auth },
  );
  expect(res.status, query).toBe(200);
  return { mime: res.headers.get("Content-Type")!, bytes: await bytesOf(res) };
};

/** Trusted, by Headshot Studio, and every file names the AI source (its first action's digital source type). */
function expectTrusted(r: C2paRead) {
  expect(r.failures).toEqual([]);
  expect(r.state).toBe("Trusted");
  expect(r.generator).toBe("Headshot Studio");
  expect(r.actions[0]!.digitalSourceType).toBe(DIGITAL_SOURCE_TYPE);
}

/** The file with one byte of its image data changed, away from the store (the middle of the file; a PNG's is near the start). */
function tampered(bytes: Uint8Array): Uint8Array {
  const t = bytes.slice();
  const at = Math.floor(t.length * 0.6);
  t[at] = t[at]! ^ 0x01;
  return t;
}

// generations through the stand-in at 2K, then several downloads each read by c2pa-rs: slow on a busy machine
describe("Content Credentials name the model that made the picture (decision 343), read by c2pa-rs", { timeout: 180_000 }, () => {
  it("the first model gone (404), the fallback makes it: every path's manifest names the fallback; a changed byte is invalid", async () => {
    const u = crypto.randomUUID().slice(0, 8);
    const first = testModel(`standin-retired-${u}`); // 404 NOT_FOUND at once
    const called = `gemini-3-pro-image--c2pa-${u}`;
    const chain = envWithChain(first, [called]);
    // recorded and signed as Google names it in its answer (modelVersion), not the id we called with our test hook
    const fallback = "gemini-3-pro-image";
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    expect(await processGeneration(chain, id)).toEqual({ action: "completed" });
    expect((await headshotRow(id)).model).toBe(fallback);

    const made = { action: "c2pa.created", digitalSourceType: DIGITAL_SOURCE_TYPE, softwareAgent: { name: fallback } };
    // the result view
    const shown = await api(await signImageUrl(getConfig(env), id, "result"));
    const view = await readC2pa(shown.headers.get("Content-Type")!, await bytesOf(shown));
    expectTrusted(view);
    expect(view.actions).toEqual([made]);
    // downloads in every format, TIFF too (decision 344)
    for (const query of ["", "resolution=web&fileFormat=webp", "preset=print-8x10&fileFormat=tiff&dpi=300"]) {
      const file = await download(id, query, auth);
      const r = await readC2pa(file.mime, file.bytes);
      expectTrusted(r);
      expect(r.actions, query).toEqual([made]);
      const bad = await readC2pa(file.mime, tampered(file.bytes));
      expect(bad.state, query).toBe("Invalid");
      expect(bad.failures, query).toContain("assertion.dataHash.mismatch");
    }
    // a quick change: opened from the picture the fallback made, edited by Headshot Studio
    const quick = await download(id, "resolution=web&zoom=150", auth);
    const q = await readC2pa(quick.mime, quick.bytes);
    expectTrusted(q);
    expect(q.actions.map((a) => [a.action, a.description, a.softwareAgent?.name])).toEqual([
      ["c2pa.opened", `Made with AI by ${fallback}`, undefined],
      ["c2pa.edited", "Quick change (background, crop or tilt)", "Headshot Studio"],
    ]);
    expect(q.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", description: `Made with AI by ${fallback}` })]);
    // a ZIP's file
    const zip = await client.downloads.zip.$get({ query: { ids: id, resolution: "web", fileFormat: "tiff" } }, { headers: auth });
    expect(zip.status).toBe(200);
    const [zipped] = readZip(await bytesOf(zip));
    const z = await readC2pa("image/tiff", zipped!.data);
    expectTrusted(z);
    expect(z.actions).toEqual([made]);

    // a refine of it, made by the fallback too (the first is retired for every isolate): edited by the fallback
    const q2 = withRecordingQueue();
    const refine = await q2.fetch(`/api/headshots/${id}/refine`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ instruction: "a navy tie" }),
    });
    expect(refine.status).toBe(202);
    const edit = ((await refine.json()) as { id: string }).id;
    expect(await processGeneration(chain, edit)).toEqual({ action: "completed" });
    expect((await headshotRow(edit)).model).toBe(fallback);
    const refined = await download(edit, "resolution=web", auth);
    const e = await readC2pa(refined.mime, refined.bytes);
    expectTrusted(e);
    expect(e.actions.map((a) => [a.action, a.softwareAgent?.name])).toEqual([
      ["c2pa.opened", undefined],
      ["c2pa.edited", fallback],
    ]);
  });

  it("a picture completed before the model was recorded names no model (no guess), and still names the AI source", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await seedProcessing(user.id, { chargedCredit: false });
    expect(await processGeneration(env, id)).toEqual({ action: "completed" });
    const { db, close } = testDb();
    try {
      await db.update(headshots).set({ model: null }).where(eq(headshots.id, id));
    } finally {
      await close();
    }
    const file = await download(id, "resolution=web", auth);
    const r = await readC2pa(file.mime, file.bytes);
    expectTrusted(r);
    expect(r.actions).toEqual([{ action: "c2pa.created", digitalSourceType: DIGITAL_SOURCE_TYPE }]);
  });
});
