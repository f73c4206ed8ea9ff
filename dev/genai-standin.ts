/**
 * Local stand-in for the Gemini image model. It speaks the one REST call the worker makes through
 * @google/genai — `POST /{apiVersion}/models/{model}:generateContent` — and answers with a
 * deterministic picture derived from the uploaded photo: a centred square crop at 1024×1024, toned for
 * the style, edged with the style's background colour and labelled "LOCAL PREVIEW" so nobody mistakes
 * it for AI output. Nothing leaves the machine; no key is checked.
 *
 * Knobs (environment, or options to `startGenaiStandin`):
 *   GENAI_STANDIN_DELAY_MS     delay before each answer (default 3000; tests use 0)
 *   GENAI_STANDIN_FAIL_RATE    0..1, answer 503 at that rate
 *   GENAI_STANDIN_PORT         port when run as a script (default: a free one)
 * Test hooks (scoped by the model name, so parallel test files never disturb each other):
 *   model contains "standin-block-prompt"  → promptFeedback.blockReason SAFETY
 *   model contains "standin-block"         → finishReason IMAGE_SAFETY, no image
 *   model contains "standin-noimage"       → finishReason STOP with a text part only
 *   model contains "standin-fail-<n>"      → the first n calls for that exact model name answer 503
 *   model contains "standin-slow-<ms>"     → extra delay
 *   GENAI_STANDIN_PORT         port (default: a free one; the browser suite fixes it to reach /__control)
 *   POST /__control {delayMs?, failRate?, block?} → change the global knobs (block: every answer is an
 *                                            IMAGE_SAFETY refusal); GET /__stats → calls per model,
 *                                            and renders, cacheHits and renderMs (the model's own time)
 * Several input images (a shoot's reference photos, issue 24) are all used: the first is the portrait,
 * the others are inset along the top edge, so a preview visibly depends on every photo it was sent.
 * GET /__stats also lists, per model, the SHA-256 of each image of each call (`inputs`, the last 50 calls),
 * and the prompt of each call (`prompts`), so a test can see that every reference photo arrived.
 * A preview is rendered once per set of input photos and style and then answered from memory (same input, same
 * bytes either way): the model's own time is not what the pipeline benchmark measures, and renderMs lets
 * it subtract what rendering there was (bench/pipeline.ts).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface StandinOptions {
  port?: number;
  delayMs?: number;
  failRate?: number;
}

export interface GenaiStandin {
  url: string;
  stop(): Promise<void>;
}

interface Tone {
  background: string;
  saturation: number;
  brightness: number;
  tint?: { r: number; g: number; b: number };
  greyscale?: boolean;
}

const TONES: Record<string, Tone> = {
  LinkedIn: { background: "#d9dde3", saturation: 1.05, brightness: 1.04 },
  Corporate: { background: "#7d838c", saturation: 0.9, brightness: 1.0, tint: { r: 225, g: 232, b: 245 } },
  Blazer: { background: "#c9b59a", saturation: 1.0, brightness: 1.03, tint: { r: 250, g: 236, b: 215 } },
  Suit: { background: "#3b4450", saturation: 0.85, brightness: 0.97, tint: { r: 215, g: 222, b: 235 } },
  Business: { background: "#e8eef2", saturation: 1.0, brightness: 1.08 },
  "White Background": { background: "#ffffff", saturation: 1.0, brightness: 1.1 },
  "Black Background": { background: "#050505", saturation: 0.8, brightness: 0.92 },
  Speaker: { background: "#2a1f3d", saturation: 1.15, brightness: 1.0, tint: { r: 255, g: 225, b: 200 } },
  "Casual Selfie": { background: "#9cc3a0", saturation: 1.12, brightness: 1.06 },
  Office: { background: "#b8c4cc", saturation: 0.95, brightness: 1.04, tint: { r: 245, g: 238, b: 225 } },
};
const DEFAULT_TONE: Tone = { background: "#cccccc", saturation: 1, brightness: 1 };
const SIZE = 1024;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const INSET = 160;

/** The preview image for the input photos and style. Same inputs → same bytes. */
export async function renderPreview(inputs: Buffer | Buffer[], style: string): Promise<Buffer> {
  const [input, ...others] = Array.isArray(inputs) ? inputs : [inputs];
  if (!input) throw new Error("no input image");
  const tone = TONES[style] ?? DEFAULT_TONE;
  let photo = sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(SIZE, SIZE, { fit: "cover", position: "centre" })
    .modulate({ saturation: tone.saturation, brightness: tone.brightness });
  if (tone.tint) photo = photo.tint(tone.tint);
  const base = await photo.removeAlpha().png().toBuffer();
  const frame = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs><radialGradient id="g" cx="50%" cy="45%" r="70%">
      <stop offset="55%" stop-color="${tone.background}" stop-opacity="0"/>
      <stop offset="100%" stop-color="${tone.background}" stop-opacity="0.92"/>
    </radialGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
    <rect x="0" y="${SIZE - 88}" width="${SIZE}" height="88" fill="#111" fill-opacity="0.78"/>
    <text x="${SIZE / 2}" y="${SIZE - 50}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#fff">LOCAL PREVIEW · ${escapeXml(style)}</text>
    <text x="${SIZE / 2}" y="${SIZE - 18}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#ddd">Not AI output: made by the local Gemini stand-in</text>
  </svg>`);
  const insets = await Promise.all(
    others.map(async (other, i) => ({
      input: await sharp(other, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(INSET, INSET, { fit: "cover" })
        .removeAlpha()
        .png()
        .toBuffer(),
      left: SIZE - (INSET + 16) * (i + 1),
      top: 16,
    })),
  );
  return sharp(base)
    .composite([{ input: frame }, ...insets])
    .png()
    .toBuffer();
}

interface Part {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}
interface RequestBody {
  contents?: { parts?: Part[] }[];
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startGenaiStandin(opts: StandinOptions = {}): Promise<GenaiStandin> {
  const knobs = {
    delayMs: opts.delayMs ?? Number(process.env.GENAI_STANDIN_DELAY_MS ?? 3000),
    failRate: opts.failRate ?? Number(process.env.GENAI_STANDIN_FAIL_RATE ?? 0),
    block: false,
  };
  const calls = new Map<string, number>();
  const inputs = new Map<string, string[][]>(); // per model: the SHA-256 of each image of each call
  const prompts = new Map<string, string[]>(); // per model: the prompt of each call
  const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  const previews = new Map<string, Buffer>(); // by input hash and style, at most MAX_PREVIEWS
  const MAX_PREVIEWS = 32;
  const rendering = { renders: 0, cacheHits: 0, renderMs: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, Buffer.concat(chunks), res).catch((err: unknown) => {
        json(res, 500, { error: { code: 500, message: String(err), status: "INTERNAL" } });
      });
    });
  });

  async function handle(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/__control" && req.method === "POST") {
      const body = JSON.parse(raw.toString() || "{}") as Partial<typeof knobs>;
      if (typeof body.delayMs === "number") knobs.delayMs = body.delayMs;
      if (typeof body.failRate === "number") knobs.failRate = body.failRate;
      if (typeof body.block === "boolean") knobs.block = body.block;
      return json(res, 200, knobs);
    }
    if (path === "/__stats")
      return json(res, 200, {
        ...knobs,
        calls: Object.fromEntries(calls),
        inputs: Object.fromEntries(inputs),
        prompts: Object.fromEntries(prompts),
        ...rendering,
      });

    const match = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):generateContent$/.exec(path);
    if (!match || req.method !== "POST") {
      return json(res, 404, { error: { code: 404, message: `No stand-in route for ${req.method} ${path}`, status: "NOT_FOUND" } });
    }
    const model = decodeURIComponent(match[2]!);
    const n = (calls.get(model) ?? 0) + 1;
    calls.set(model, n);

    const slow = /standin-slow-(\d+)/.exec(model);
    const delay = knobs.delayMs + (slow ? Number(slow[1]) : 0);
    if (delay > 0) await sleep(delay);

    const failFirst = /standin-fail-(\d+)/.exec(model);
    if ((failFirst && n <= Number(failFirst[1])) || (knobs.failRate > 0 && Math.random() < knobs.failRate)) {
      return json(res, 503, { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } });
    }

    let body: RequestBody;
    try {
      body = JSON.parse(raw.toString()) as RequestBody;
    } catch {
      return json(res, 400, { error: { code: 400, message: "Invalid JSON payload received.", status: "INVALID_ARGUMENT" } });
    }
    const parts = body.contents?.flatMap((c) => c.parts ?? []) ?? [];
    const images = parts.filter((p) => p.inlineData?.data && p.inlineData.mimeType?.startsWith("image/"));
    const image = images[0];
    const prompt = parts.map((p) => p.text ?? "").join("\n");
    const usageMetadata = { promptTokenCount: 1290, candidatesTokenCount: 1290, totalTokenCount: 2580 };

    if (model.includes("standin-block-prompt")) {
      return json(res, 200, { promptFeedback: { blockReason: "SAFETY" }, usageMetadata });
    }
    if (model.includes("standin-block") || knobs.block) {
      return json(res, 200, { candidates: [{ finishReason: "IMAGE_SAFETY", index: 0 }], usageMetadata });
    }
    if (model.includes("standin-noimage") || !image) {
      return json(res, 200, {
        candidates: [{ content: { role: "model", parts: [{ text: "I can't create that image." }] }, finishReason: "STOP", index: 0 }],
        usageMetadata,
      });
    }

    const style = /in the "([^"]+)" style/.exec(prompt)?.[1] ?? "Headshot";
    const photos = images.map((p) => Buffer.from(p.inlineData!.data!, "base64"));
    const hashes = photos.map(sha256);
    const seen = inputs.get(model) ?? [];
    seen.push(hashes);
    if (seen.length > 50) seen.shift();
    inputs.set(model, seen);
    const said = prompts.get(model) ?? [];
    said.push(prompt);
    if (said.length > 50) said.shift();
    prompts.set(model, said);
    const key = `${hashes.join("+")} ${style}`;
    let png = previews.get(key);
    if (png) rendering.cacheHits++;
    else {
      const started = performance.now();
      try {
        png = await renderPreview(photos, style);
      } catch {
        return json(res, 400, { error: { code: 400, message: "Unable to process input image.", status: "INVALID_ARGUMENT" } });
      } finally {
        rendering.renderMs += performance.now() - started;
      }
      rendering.renders++;
      if (previews.size >= MAX_PREVIEWS) previews.delete(previews.keys().next().value!);
      previews.set(key, png);
    }
    return json(res, 200, {
      candidates: [
        {
          content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data: png.toString("base64") } }] },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata,
      modelVersion: model,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `tsx dev/genai-standin.ts` runs it on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startGenaiStandin({ port: Number(process.env.GENAI_STANDIN_PORT ?? 0) || undefined });
  console.log(`Gemini stand-in listening at ${standin.url}`);
}
