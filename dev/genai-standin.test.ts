import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { INLINE_LIMIT_BYTES, requestedChange, startGenaiStandin, type GenaiStandin } from "./genai-standin";
import { EDIT_MARKER } from "../worker/generation/prompts";
import { DEFAULT_IMAGE_MODEL } from "../domain/models";

interface Answer {
  candidates?: { content: { parts: { inlineData?: { data: string }; thought?: boolean; thoughtSignature?: string }[] } }[];
  error?: { code: number; status: string; message: string; details?: Record<string, unknown>[] };
}

const photo = (r: number, width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 100 } } })
    .jpeg()
    .toBuffer();

function call(
  standin: GenaiStandin,
  opts: { model?: string; bytes: Buffer; style?: string; imageConfig?: unknown; key?: string | null; body?: string },
) {
  const body =
    opts.body ??
    JSON.stringify({
      contents: [
        {
          role: "user",
          parts: [
            { inlineData: { mimeType: "image/jpeg", data: opts.bytes.toString("base64") } },
            { text: `A headshot in the "${opts.style ?? "LinkedIn"}" style.` },
          ],
        },
      ],
      generationConfig: { responseModalities: ["IMAGE"], ...(opts.imageConfig ? { imageConfig: opts.imageConfig } : {}) },
    });
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (opts.key !== null) headers["x-goog-api-key"] = opts.key ?? "test-key";
  return fetch(`${standin.url}/v1beta/models/${opts.model ?? DEFAULT_IMAGE_MODEL}:generateContent`, { method: "POST", headers, body });
}

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Answer };
}

/** The final image (the last part that is not a thought) and its decoded size. */
async function finalImage(body: Answer) {
  const parts = body.candidates![0]!.content.parts;
  const final = parts.filter((p) => !p.thought && p.inlineData).at(-1)!;
  const bytes = Buffer.from(final.inlineData!.data, "base64");
  const { width, height } = await sharp(bytes).metadata();
  return { data: final.inlineData!.data, width, height };
}

/** The stand-in renders a photo and style once; the same request then gets the same bytes from memory. */
describe("the Gemini stand-in's previews", () => {
  let standin: GenaiStandin;
  beforeAll(async () => {
    standin = await startGenaiStandin({ delayMs: 0 });
  });
  afterAll(() => standin?.stop());

  const generate = async (bytes: Buffer, style: string) =>
    (await finalImage((await answer(await call(standin, { bytes, style }))).body)).data;
  const stats = async () =>
    (await (await fetch(`${standin.url}/__stats`)).json()) as { renders: number; cacheHits: number; renderMs: number };

  it("renders each photo and style once, answers repeats with the same bytes, and reports its render time", async () => {
    const a = await photo(10);
    const first = await generate(a, "LinkedIn");
    const after = await stats();
    expect(after).toMatchObject({ renders: 1, cacheHits: 0 });
    expect(after.renderMs).toBeGreaterThan(0);
    expect(await generate(a, "LinkedIn")).toBe(first);
    expect(await stats()).toMatchObject({ renders: 1, cacheHits: 1, renderMs: after.renderMs });
    expect(await generate(a, "Suit")).not.toBe(first); // another style: another picture
    expect(await generate(await photo(200), "LinkedIn")).not.toBe(first); // another photo too
    expect(await stats()).toMatchObject({ renders: 3, cacheHits: 1 });
  });
});

describe("the Gemini stand-in is as strict as the current API (issue 32)", () => {
  let standin: GenaiStandin;
  beforeAll(async () => {
    standin = await startGenaiStandin({ delayMs: 0 });
  });
  afterAll(() => standin?.stop());

  it("answers 404 NOT_FOUND in Google's shape for a retired model and an unknown one", async () => {
    const bytes = await photo(30);
    for (const model of ["gemini-3.1-flash-image", "gemini-2.5-flash-image", "gemini-3.1-flash-image-preview", "gemini-9-imaginary"]) {
      const { status, body } = await answer(await call(standin, { model, bytes }));
      expect(status, model).toBe(404);
      expect(body.error).toMatchObject({ code: 404, status: "NOT_FOUND" });
      expect(body.error!.message).toContain(`models/${model} is not found for API version v1beta`);
    }
    expect((await call(standin, { model: `${DEFAULT_IMAGE_MODEL}--standin-retired`, bytes })).status).toBe(404);
    expect((await call(standin, { model: "gemini-3-pro-image", bytes, imageConfig: { imageSize: "2K" } })).status).toBe(200);
  });

  it("serves models.list and models.get from the same table, in Google's shapes: pages, supportedGenerationMethods, retired ids absent and 404", async () => {
    const get = (path: string, key = true) => fetch(`${standin.url}${path}`, { headers: key ? { "x-goog-api-key": "test" } : {} });
    type Page = { models: { name: string; supportedGenerationMethods: string[]; displayName: string }[]; nextPageToken?: string };
    const names: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/v1beta/models?pageSize=2${token ? `&pageToken=${token}` : ""}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      for (const m of page.models) expect(m.supportedGenerationMethods).toContain("generateContent");
      names.push(...page.models.map((m) => m.name));
      token = page.nextPageToken;
      pages++;
    } while (token);
    expect(pages).toBe(2);
    expect(names.sort()).toEqual(["models/gemini-3-pro-image", "models/gemini-3.1-flash-lite-image", `models/${DEFAULT_IMAGE_MODEL}`]);
    expect((await get("/v1beta/models?pageToken=nonsense")).status).toBe(400);
    expect((await get("/v1beta/models", false)).status).toBe(403);
    expect(await (await get(`/v1beta/models/${DEFAULT_IMAGE_MODEL}`)).json()).toMatchObject({ name: `models/${DEFAULT_IMAGE_MODEL}` });
    for (const retired of ["gemini-3.1-flash-image", "gemini-2.5-flash-image", `${DEFAULT_IMAGE_MODEL}--standin-retired`]) {
      const res = await get(`/v1beta/models/${retired}`);
      expect(res.status, retired).toBe(404);
      expect(((await res.json()) as { error: { status: string } }).error.status).toBe("NOT_FOUND");
    }
    // Google's list ahead of the table: unlisted from list and get, generateContent unchanged
    await fetch(`${standin.url}/__control`, { method: "POST", body: JSON.stringify({ unlisted: ["gemini-3-pro-image"] }) });
    try {
      expect(((await (await get("/v1beta/models")).json()) as Page).models.map((m) => m.name)).not.toContain("models/gemini-3-pro-image");
      expect((await get("/v1beta/models/gemini-3-pro-image")).status).toBe(404);
    } finally {
      await fetch(`${standin.url}/__control`, { method: "POST", body: JSON.stringify({ unlisted: [] }) });
    }
  });

  it("honours imageConfig: 1K is 1024 and 2K 2048 on the long side, in the aspect ratio asked; bad values are 400", async () => {
    const bytes = await photo(40, 300, 200);
    const size = async (imageConfig?: unknown) => {
      const { width, height } = await finalImage((await answer(await call(standin, { bytes, imageConfig }))).body);
      return `${width}x${height}`;
    };
    expect(await size({ imageSize: "1K", aspectRatio: "1:1" })).toBe("1024x1024");
    expect(await size({ imageSize: "2K", aspectRatio: "1:1" })).toBe("2048x2048");
    expect(await size({ imageSize: "1K", aspectRatio: "4:5" })).toBe("819x1024");
    expect(await size()).toBe("1024x683"); // no imageConfig: 1K in the photo's nearest ratio (3:2)
    for (const imageConfig of [{ imageSize: "2k" }, { imageSize: "8K" }, { aspectRatio: "7:5" }]) {
      const { status, body } = await answer(await call(standin, { bytes, imageConfig }));
      expect(status, JSON.stringify(imageConfig)).toBe(400);
      expect(body.error!.status).toBe("INVALID_ARGUMENT");
    }
    // neither 3 Pro Image nor Nano Banana 2.1 offers 512; Nano Banana 2 Lite offers 1K only
    expect((await call(standin, { model: "gemini-3-pro-image", bytes, imageConfig: { imageSize: "512" } })).status).toBe(400);
    expect((await call(standin, { bytes, imageConfig: { imageSize: "512" } })).status).toBe(400);
    expect((await call(standin, { model: "gemini-3.1-flash-lite-image", bytes, imageConfig: { imageSize: "2K" } })).status).toBe(400);
    expect((await call(standin, { model: "gemini-3.1-flash-lite-image", bytes, imageConfig: { imageSize: "1K" } })).status).toBe(200);
  });

  it("sends an interim picture marked thought: true before the final image", async () => {
    const { body } = await answer(await call(standin, { bytes: await photo(50), imageConfig: { imageSize: "2K", aspectRatio: "1:1" } }));
    const parts = body.candidates![0]!.content.parts;
    expect(parts.map((p) => Boolean(p.thought))).toEqual([true, false]);
    expect(parts[1]!.thoughtSignature).toBeTruthy();
    const thought = await sharp(Buffer.from(parts[0]!.inlineData!.data, "base64")).metadata();
    expect([thought.width, thought.height]).toEqual([1024, 1024]); // not the size asked: storing it would show
  });

  it("refuses a request over the 20 MB inline limit with 400 INVALID_ARGUMENT, and one without a key with 403", async () => {
    const big = JSON.stringify({ contents: [{ parts: [{ text: "x".repeat(INLINE_LIMIT_BYTES) }] }] });
    const { status, body } = await answer(await call(standin, { bytes: Buffer.alloc(0), body: big }));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
    expect(body.error!.message).toContain("payload size exceeds the limit");
    const keyless = await answer(await call(standin, { bytes: await photo(60), key: null }));
    expect(keyless.status).toBe(403);
    expect(keyless.body.error!.status).toBe("PERMISSION_DENIED");
  });

  it("answers the statuses a hook names in Google's shape (401, 403)", async () => {
    for (const code of [401, 403]) {
      const { status, body } = await answer(
        await call(standin, { model: `${DEFAULT_IMAGE_MODEL}--standin-status-${code}`, bytes: await photo(70) }),
      );
      expect(status).toBe(code);
      expect(body.error!.code).toBe(code);
    }
  });
});

describe("the Gemini stand-in's quota mode", () => {
  let standin: GenaiStandin;
  beforeAll(async () => {
    standin = await startGenaiStandin({ delayMs: 0, imagesPerMinute: 2 });
  });
  afterAll(() => standin?.stop());

  interface Stats {
    imagesPerMinute: number | null;
    calls: Record<string, number>;
    images: Record<string, number>;
    sizes: Record<string, Record<string, number>>;
    rateLimited: Record<string, number>;
    rateLimitedTotal: number;
  }
  const stats = async () => (await (await fetch(`${standin.url}/__stats`)).json()) as Stats;
  const control = (body: unknown) =>
    fetch(`${standin.url}/__control`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("answers 429 RESOURCE_EXHAUSTED with a RetryInfo delay past the images per minute, set at start or at runtime, and counts it all", async () => {
    const bytes = await photo(80);
    expect((await call(standin, { bytes, imageConfig: { imageSize: "1K" } })).status).toBe(200);
    expect((await call(standin, { bytes, imageConfig: { imageSize: "2K" } })).status).toBe(200);
    const { status, body } = await answer(await call(standin, { bytes }));
    expect(status).toBe(429);
    expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
    const retry = body.error!.details!.find((d) => d["@type"] === "type.googleapis.com/google.rpc.RetryInfo")!;
    const seconds = Number(/^(\d+)s$/.exec(String(retry.retryDelay))![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // another model has its own quota (Google's are per model)
    expect((await call(standin, { model: "gemini-3-pro-image", bytes })).status).toBe(200);

    let s = await stats();
    expect(s.imagesPerMinute).toBe(2);
    expect(s.calls[DEFAULT_IMAGE_MODEL]).toBe(3);
    expect(s.images[DEFAULT_IMAGE_MODEL]).toBe(2);
    expect(s.sizes[DEFAULT_IMAGE_MODEL]).toEqual({ "1K": 1, "2K": 1 });
    expect(s.rateLimited).toEqual({ [DEFAULT_IMAGE_MODEL]: 1 });
    expect(s.rateLimitedTotal).toBe(1);

    // at runtime: more room, then none, then off
    await control({ imagesPerMinute: 5 });
    expect((await call(standin, { bytes })).status).toBe(200);
    await control({ imagesPerMinute: 0 });
    expect((await call(standin, { bytes })).status).toBe(429);
    await control({ imagesPerMinute: null });
    expect((await call(standin, { bytes })).status).toBe(200);
    s = await stats();
    expect(s.imagesPerMinute).toBeNull();
    expect(s.rateLimitedTotal).toBe(2);
  });
});

/** An edit (issue 36): the picture sent first comes back changed where the change shows, differently per instruction. */
describe("the Gemini stand-in's edits", () => {
  let standin: GenaiStandin;
  beforeAll(async () => {
    standin = await startGenaiStandin({ delayMs: 0 });
  });
  afterAll(() => standin?.stop());

  const edit = async (picture: Buffer, instruction: string | null, extra: unknown[] = []) => {
    const text = `Edit the first attached image, in the "Corporate" style.${instruction === null ? "" : `\n${EDIT_MARKER} ${JSON.stringify(instruction)}`}`;
    const res = await call(standin, {
      bytes: picture,
      body: JSON.stringify({
        contents: [
          { role: "user", parts: [{ inlineData: { mimeType: "image/jpeg", data: picture.toString("base64") } }, ...extra, { text }] },
        ],
        generationConfig: { responseModalities: ["IMAGE"], imageConfig: { imageSize: "1K", aspectRatio: "1:1" } },
      }),
    });
    const { status, body } = await answer(res);
    return { status, body, image: status === 200 ? Buffer.from((await finalImage(body)).data, "base64") : null };
  };
  /** The mean colour of the region an edit tints (the middle of the lower half). */
  const regionMean = async (png: Buffer) => {
    const { data } = await sharp(png)
      .removeAlpha()
      .extract({ left: 400, top: 600, width: 200, height: 150 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sums = [0, 0, 0];
    for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sums[c]! += data[i + c]!;
    return sums.map((s) => Math.round(s / (data.length / 3)));
  };

  it("tints the region of the change in the colour the instruction names, and answers each instruction differently", async () => {
    const picture = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .jpeg()
      .toBuffer();
    const red = (await edit(picture, "a dark red tie")).image!;
    const blue = (await edit(picture, "a blue tie")).image!;
    const [r, g, b] = await regionMean(red);
    expect(r! - Math.max(g!, b!)).toBeGreaterThan(30);
    const [r2, , b2] = await regionMean(blue);
    expect(b2! - r2!).toBeGreaterThan(30);
    expect(red.equals(blue)).toBe(false);
    expect(requestedChange(`x\n${EDIT_MARKER} "a \\"quoted\\" tie"\ny`)).toBe('a "quoted" tie');
    expect(requestedChange("no change here")).toBeUndefined();
  });

  it("keeps the API's strictness for an edit: a picture that is not an image is 400 INVALID_ARGUMENT in Google's shape", async () => {
    const notAnImage = Buffer.from("not an image at all");
    const bad = await edit(notAnImage, "a blue tie");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
  });
});
