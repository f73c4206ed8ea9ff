/**
 * Local stand-in for the Gemini image model. It speaks the one REST call the worker makes through
 * @google/genai — `POST /{apiVersion}/models/{model}:generateContent` — and answers with a
 * deterministic picture derived from the uploaded photo: a centred crop at the size asked for, toned for
 * the style, edged with the style's background colour and labelled "LOCAL PREVIEW" so nobody mistakes
 * it for AI output. Nothing leaves the machine.
 *
 * It is at least as strict as the current API (issue 32), and each behaviour names its page:
 * - Models: only the live ids of domain/models.ts are served; a retired or unknown id is answered 404
 *   NOT_FOUND in Google's error shape, as a shut-down model is ("completely turned off, and the endpoint is
 *   no longer available": https://ai.google.dev/gemini-api/docs/deprecations; the shape and statuses:
 *   https://ai.google.dev/gemini-api/docs/generate-content/api-errors).
 * - `generationConfig.imageConfig`: `imageSize` "1K" | "2K" | "4K" (uppercase K; "512" where the model
 *   offers it) gives 1024 | 2048 | 4096 px on the long side, `aspectRatio` one of the documented ratios the
 *   short side; without imageConfig, 1K in the reference photo's nearest ratio; anything else is 400
 *   INVALID_ARGUMENT (https://ai.google.dev/gemini-api/docs/image-generation, "Aspect ratios and image size").
 * - Thinking: the answer carries an interim picture marked `thought: true` (smaller, greyscale, labelled
 *   THOUGHT) before the final image, which carries a `thoughtSignature`, and `usageMetadata` counts
 *   `thoughtsTokenCount` (https://ai.google.dev/gemini-api/docs/image-generation, "Thinking process").
 * - Size: a request body over the 20 MB inline limit is 400 INVALID_ARGUMENT
 *   (https://ai.google.dev/gemini-api/docs/file-input-methods: inline data up to 20 MB a request).
 * - A request without an `x-goog-api-key` is 403 PERMISSION_DENIED (api-errors page).
 * - Quota mode: past `imagesPerMinute` images in the last minute per model, 429 RESOURCE_EXHAUSTED with
 *   `google.rpc.QuotaFailure` and `google.rpc.RetryInfo` details; `retryDelay` ("37s") is when the oldest
 *   image of the window leaves it (https://ai.google.dev/gemini-api/docs/rate-limits; api-errors page).
 * - Requests-per-day mode: past `requestsPerDay` requests per model in the current Pacific day ("Requests per day
 *   (RPD) quotas reset at midnight Pacific time", rate-limits page, read 5 Dec 2026), 429 RESOURCE_EXHAUSTED with a
 *   `google.rpc.QuotaFailure` naming the per-day quota (`GenerateRequestsPerDayPerProjectPerModel`, the id Google's
 *   per-day 429s carry: "Gemini API free tier 429: per-minute vs per-day limits", dev.to, read 5 Dec 2026) and a
 *   `google.rpc.Help` link, and no RetryInfo: a retry within the day only meets the same 429 (decision 296).
 *
 * Knobs (environment, or options to `startGenaiStandin`):
 *   GENAI_STANDIN_DELAY_MS     delay before each answer (default 3000; tests use 0)
 *   GENAI_STANDIN_FAIL_RATE    0..1, answer 503 at that rate
 *   GENAI_STANDIN_IMAGES_PER_MINUTE  quota mode: images per minute per model (default: none)
 *   GENAI_STANDIN_REQUESTS_PER_DAY   requests-per-day mode: requests per Pacific day per model (default: none)
 *   GENAI_STANDIN_PORT         port (default: a free one; the browser suite fixes it to reach /__control)
 * Test hooks, after `--` in the model name (`gemini-nano-banana-2.1--standin-block-1a2b`; domain/models.ts
 * splitModelId), so parallel test files never disturb each other:
 *   "standin-block-prompt"  → promptFeedback.blockReason SAFETY
 *   "standin-block"         → finishReason IMAGE_SAFETY, no image
 *   "standin-noimage"       → finishReason STOP with a text part only
 *   "standin-fail-<n>"      → the first n calls for that exact model name answer 503
 *   "standin-slow-<ms>"     → extra delay
 *   "standin-retired"       → 404 NOT_FOUND, as Google answers a model it has shut down
 *   "standin-retired-after-<n>" → the first n calls for that exact model name answer, the later ones 404 (shut down mid-run)
 *   "standin-status-<code>" → that error (401 UNAUTHENTICATED, 402 prepaid credit depleted, 403 PERMISSION_DENIED, 429, ...) in Google's shape
 *   "standin-billing"       → 400 FAILED_PRECONDITION (billing not enabled on the project)
 *   "standin-pup"           → finishReason PUP_LIMITED_DISABLED, no image (the account limited for a policy breach)
 *   "standin-quota-<n>"     → quota mode for that exact model name: n images a minute
 *   "standin-daily-<n>"     → requests-per-day mode for that exact model name: n requests a Pacific day
 *   "standin-size-<px>"     → the final image is <px> on the long side whatever was asked (a model that ignores imageConfig)
 * models.list and models.get (`GET /{apiVersion}/models?pageSize&pageToken`, `GET /{apiVersion}/models/{id}`;
 * https://ai.google.dev/api/models): the table's live rows in Google's Model shape (`name: "models/<id>"`,
 * `supportedGenerationMethods` with generateContent, token limits), `pageSize` 50 by default and at most 1000, an
 * opaque `nextPageToken` while more remain (an unknown token is 400 INVALID_ARGUMENT); a retired or unknown id is
 * absent from the list and 404 NOT_FOUND from models.get. `POST /__control {unlisted: [ids]}` leaves those out of
 * list and get only (Google's list having moved ahead of the table); generateContent is unchanged.
 * Control and statistics:
 *   POST /__control {delayMs?, failRate?, block?, imagesPerMinute?, requestsPerDay?, unlisted?} → change the global knobs
 *        (block: every answer is an IMAGE_SAFETY refusal; imagesPerMinute / requestsPerDay: null turns that mode off,
 *        a new value starts its count afresh; unlisted: ids models.list leaves out)
 *   GET /__stats → the knobs; per model: calls (requests), images, sizes (by imageSize), rateLimited (429s);
 *        rateLimitedTotal; renders, cacheHits and renderMs (the model's own time)
 * Several input images (a shoot's reference photos, issue 24) are all used: the first is the portrait,
 * the others are inset along the top edge, so a preview visibly depends on every photo it was sent.
 * An edit (issue 36: a prompt with the "Requested change (JSON string):" line of worker/generation/prompts.ts)
 * answers the first image (the picture to change) with a tinted region and the change's words in its label.
 * Like every image input of the real API, the pictures come as `inlineData` parts; the same refusals apply.
 * GET /__stats also lists, per model, the SHA-256 of each image of each call (`inputs`, the last 50 calls),
 * and the prompt of each call (`prompts`), so a test can see that every reference photo arrived.
 * `references` (per model, the last 50 calls) says how many reference images each call had and which of
 * them the prompt names as the backdrop ("attached image N is the backdrop", worker/generation/prompts.ts:
 * a team's backdrop photo, issue 37), each with its 1-based position and SHA-256, so a test can check it
 * is the team's stored photo; a position the call has no image for is listed with `sha256: null`.
 * A preview is rendered once per set of input photos and style and then answered from memory (same input, same
 * bytes either way): the model's own time is not what the pipeline benchmark measures, and renderMs lets
 * it subtract what rendering there was (bench/pipeline.ts).
 * The text model of domain/text-models.ts (the refine instruction's judge, issue 46) is answered by
 * ./genai-text-standin.ts, with a JSON verdict; GET /__stats lists its calls and verdicts under `text`.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { IMAGE_MODELS, IMAGE_SIZE_PIXELS, imageModel, isShutDown, splitModelId, type ImageModel, type ImageSize } from "../domain/models";
import { pacificDay } from "../domain/quota-day";
import { answerText, isTextModelId, newTextStats } from "./genai-text-standin";

export interface StandinOptions {
  port?: number;
  delayMs?: number;
  failRate?: number;
  /** Quota mode: images per minute per model, past which requests are answered 429 (default: off). */
  imagesPerMinute?: number | null;
  /** Requests-per-day mode: requests per Pacific day per model, past which requests are answered 429 (default: off). */
  requestsPerDay?: number | null;
}

/** The inline request limit: https://ai.google.dev/gemini-api/docs/file-input-methods (20 MB). */
export const INLINE_LIMIT_BYTES = 20 * 1024 * 1024;
/** The documented `aspectRatio` values (image-generation page). */
export const ASPECT_RATIOS = ["1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"] as const;
const ratioOf = (r: string) => {
  const [w, h] = r.split(":").map(Number);
  return w! / h!;
};

/** Pixels for a size and ratio: the long side is the size's, the short side follows the ratio. */
export function outputDimensions(size: ImageSize, aspectRatio: string): { width: number; height: number } {
  const long = IMAGE_SIZE_PIXELS[size];
  const r = ratioOf(aspectRatio);
  return r >= 1 ? { width: long, height: Math.round(long / r) } : { width: Math.round(long * r), height: long };
}

/** Google's error body (api-errors page): `{error: {code, message, status, details?}}`. */
const googleError = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});
const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  402: "RESOURCE_EXHAUSTED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};
const notFound = (model: string, apiVersion: string) =>
  googleError(
    404,
    "NOT_FOUND",
    `models/${model} is not found for API version ${apiVersion}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
  );

/** Google's Model resource (https://ai.google.dev/api/models#Model) for a live row of the table. */
function modelResource(m: ImageModel) {
  return {
    name: `models/${m.id}`,
    version: "001",
    displayName: m.name,
    description: `${m.name}: image generation and editing (local stand-in of the Gemini API).`,
    inputTokenLimit: 65_536,
    outputTokenLimit: 32_768,
    supportedGenerationMethods: ["generateContent", "countTokens", "batchGenerateContent"],
    thinking: true,
  };
}

/** The table's live rows Google would list today, less the ones `unlisted` by the control. */
function servedModels(unlisted: string[]) {
  const now = new Date();
  return (IMAGE_MODELS as readonly ImageModel[]).filter((m) => !isShutDown(m, now) && !unlisted.includes(m.id)).map(modelResource);
}

/** One page of models.list: `pageSize` (default 50, at most 1000), `pageToken` from the previous page's `nextPageToken`. */
function listPage(all: ReturnType<typeof servedModels>, params: URLSearchParams) {
  const size = Math.min(1000, Math.max(1, Number(params.get("pageSize")) || 50));
  const token = params.get("pageToken");
  const start = token
    ? Number(
        Buffer.from(token, "base64url")
          .toString()
          .replace(/^offset:/, ""),
      )
    : 0;
  if (!Number.isInteger(start) || start < 0 || start > all.length)
    return googleError(400, "INVALID_ARGUMENT", `Invalid page token: ${JSON.stringify(token)}.`);
  const models = all.slice(start, start + size);
  const next = start + size < all.length ? Buffer.from(`offset:${start + size}`).toString("base64url") : undefined;
  return { models, ...(next ? { nextPageToken: next } : {}) };
}

const notFoundModel = (id: string) => googleError(404, "NOT_FOUND", `models/${id} is not found for API version v1beta.`);

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

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const INSET = 160;

/**
 * The preview image for the input photos and style, `width`×`height` (default 1024²). Same inputs → same
 * bytes. A `thought` is the interim picture of the thinking process: greyscale and labelled THOUGHT.
 */
export async function renderPreview(
  inputs: Buffer | Buffer[],
  style: string,
  {
    width = 1024,
    height = 1024,
    thought = false,
    instruction,
  }: { width?: number; height?: number; thought?: boolean; instruction?: string } = {},
): Promise<Buffer> {
  const [input, ...others] = Array.isArray(inputs) ? inputs : [inputs];
  if (!input) throw new Error("no input image");
  if (instruction !== undefined) return renderEdit(input, instruction, { width, height, thought });
  const tone = TONES[style] ?? DEFAULT_TONE;
  const k = width / 1024; // the label and insets scale with the picture
  let photo = sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(width, height, { fit: "cover", position: "centre" })
    .modulate({ saturation: tone.saturation, brightness: tone.brightness });
  if (tone.tint) photo = photo.tint(tone.tint);
  if (thought) photo = photo.greyscale();
  const base = await photo.removeAlpha().png().toBuffer();
  const band = Math.round(88 * k);
  const label = thought ? `THOUGHT · ${escapeXml(style)}` : `LOCAL PREVIEW · ${escapeXml(style)}`;
  const frame = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g" cx="50%" cy="45%" r="70%">
      <stop offset="55%" stop-color="${tone.background}" stop-opacity="0"/>
      <stop offset="100%" stop-color="${tone.background}" stop-opacity="0.92"/>
    </radialGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#111" fill-opacity="0.78"/>
    <text x="${width / 2}" y="${height - Math.round(50 * k)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(34 * k)}" font-weight="bold" fill="#fff">${label}</text>
    <text x="${width / 2}" y="${height - Math.round(18 * k)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(20 * k)}" fill="#ddd">Not AI output: made by the local Gemini stand-in</text>
  </svg>`);
  const inset = Math.round(INSET * k);
  const gap = Math.round(16 * k);
  const insets = await Promise.all(
    others.map(async (other, i) => ({
      input: await sharp(other, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(inset, inset, { fit: "cover" })
        .removeAlpha()
        .png()
        .toBuffer(),
      left: width - (inset + gap) * (i + 1),
      top: gap,
    })),
  );
  return sharp(base)
    .composite([{ input: frame }, ...insets])
    .png()
    .toBuffer();
}

/** A colour the instruction names (the tint of an edit), else one from its hash: different words, a different tint. */
export function editTint(instruction: string): string {
  const named: Record<string, string> = {
    red: "#c0392b",
    blue: "#2e6fd8",
    green: "#2e9d5b",
    yellow: "#e2c229",
    orange: "#e67e22",
    purple: "#8e44ad",
    pink: "#e86fa8",
    grey: "#808080",
    gray: "#808080",
    brown: "#8b5a2b",
    white: "#f4f4f4",
    black: "#151515",
  };
  const word = instruction
    .toLowerCase()
    .split(/[^a-z]+/)
    .find((w) => w in named);
  if (word) return named[word]!;
  const hue = parseInt(createHash("sha256").update(instruction).digest("hex").slice(0, 4), 16) % 360;
  return `hsl(${hue}, 70%, 50%)`;
}

/**
 * An edit (issue 36): the picture to change, as it came (the first image), with a tinted region where a change
 * would show (the middle of the lower half: a tie, a collar) and the instruction's words in the label, so a
 * browser journey sees each edit land. The reference photos that follow it are not drawn again.
 */
async function renderEdit(
  input: Buffer,
  instruction: string,
  { width, height, thought }: { width: number; height: number; thought: boolean },
) {
  const k = width / 1024;
  let photo = sharp(input, { limitInputPixels: 50_000_000 }).rotate().resize(width, height, { fit: "cover", position: "centre" });
  if (thought) photo = photo.greyscale();
  const base = await photo.removeAlpha().png().toBuffer();
  const band = Math.round(88 * k);
  const words = instruction.length > 60 ? `${instruction.slice(0, 57)}...` : instruction;
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${Math.round(width * 0.25)}" y="${Math.round(height * 0.52)}" width="${Math.round(width * 0.5)}" height="${Math.round(height * 0.3)}" rx="${Math.round(24 * k)}" fill="${editTint(instruction)}" fill-opacity="0.55"/>
    <rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#111" fill-opacity="0.85"/>
    <text x="${width / 2}" y="${height - Math.round(50 * k)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(28 * k)}" font-weight="bold" fill="#fff">${thought ? "THOUGHT" : "LOCAL PREVIEW"} · EDIT: ${escapeXml(words)}</text>
    <text x="${width / 2}" y="${height - Math.round(18 * k)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(20 * k)}" fill="#ddd">Not AI output: made by the local Gemini stand-in</text>
  </svg>`);
  return sharp(base)
    .composite([{ input: overlay }])
    .png()
    .toBuffer();
}

/** The requested change of an edit's prompt (worker/generation/prompts.ts EDIT_MARKER: a JSON string on its own line), or undefined. */
export function requestedChange(prompt: string): string | undefined {
  const line = /^Requested change \(JSON string\): (".*")$/m.exec(prompt)?.[1];
  if (!line) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Part {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}
interface RequestBody {
  contents?: { parts?: Part[] }[];
  generationConfig?: { imageConfig?: { imageSize?: unknown; aspectRatio?: unknown } };
}

/** The reference photo's nearest documented ratio (what the model picks without an aspectRatio). */
async function nearestRatio(photo: Buffer): Promise<string> {
  const { width = 1, height = 1 } = await sharp(photo).metadata();
  const r = width / height;
  return ASPECT_RATIOS.reduce((best, a) => (Math.abs(Math.log(ratioOf(a) / r)) < Math.abs(Math.log(ratioOf(best) / r)) ? a : best));
}

type Refusal = { status: number; body: unknown };

/** 400 FAILED_PRECONDITION: https://ai.google.dev/gemini-api/docs/troubleshooting ("Gemini API backend service error codes"). */
const BILLING_MESSAGE = "Gemini API free tier is not available in your country. Please enable billing on your project in Google AI Studio.";
/** 402 for a depleted prepaid balance: https://discuss.ai.google.dev/t/183654 (Google's announcement of the change from 429). */
const PREPAY_MESSAGE =
  "Your prepayment credits are depleted. Please go to AI Studio at https://ai.studio/projects to manage your project and billing. Learn more at https://ai.google.dev/gemini-api/docs/billing#prepay.";

/**
 * Whether Google no longer serves `model` (a 404 NOT_FOUND) on its `call`-th generateContent: an id the table does not
 * know or holds as shut down, the `standin-retired` hook, or `standin-retired-after-<n>` past its first n calls (a
 * model shut down while the product runs: decision 290). models.list and models.get leave such an id out.
 */
function isRetired(model: string, call = Infinity): boolean {
  const known = imageModel(model);
  const after = /standin-retired-after-(\d+)/.exec(model);
  if (after) return call > Number(after[1]);
  return !known || isShutDown(known, new Date()) || model.includes("standin-retired");
}

/** What the API refuses before looking at the request's content: size, key, model (the order Google's front end checks in). */
function refuseRequest(req: http.IncomingMessage, raw: Buffer, model: string, apiVersion: string, call: number): Refusal | null {
  if (raw.length > INLINE_LIMIT_BYTES) {
    return {
      status: 400,
      body: googleError(400, "INVALID_ARGUMENT", `Request payload size exceeds the limit: ${INLINE_LIMIT_BYTES} bytes.`),
    };
  }
  if (!req.headers["x-goog-api-key"] && !new URL(req.url ?? "/", "http://x").searchParams.get("key")) {
    const message =
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
    return { status: 403, body: googleError(403, "PERMISSION_DENIED", message) };
  }
  if (isRetired(model, call)) return { status: 404, body: notFound(model, apiVersion) };
  if (model.includes("standin-billing")) return { status: 400, body: googleError(400, "FAILED_PRECONDITION", BILLING_MESSAGE) };
  const status = /standin-status-(\d{3})/.exec(model);
  if (status) {
    const code = Number(status[1]);
    const message = code === 402 ? PREPAY_MESSAGE : `The stand-in answers ${code} for ${model}.`;
    return { status: code, body: googleError(code, STATUS_NAMES[code] ?? "UNKNOWN", message) };
  }
  return null;
}

/** `generationConfig.imageConfig`, checked against the model's sizes and the documented ratios. */
function readImageConfig(known: ImageModel, body: RequestBody): { size: ImageSize; aspect: string | undefined } | Refusal {
  const imageConfig = body.generationConfig?.imageConfig ?? {};
  const size = imageConfig.imageSize ?? "1K";
  if (typeof size !== "string" || !(size in known.imageMills)) {
    const message = `Invalid value at 'generation_config.image_config.image_size' (${JSON.stringify(size)}): ${known.id} supports ${Object.keys(known.imageMills).join(", ")}.`;
    return { status: 400, body: googleError(400, "INVALID_ARGUMENT", message) };
  }
  const aspect = imageConfig.aspectRatio;
  if (aspect !== undefined && (typeof aspect !== "string" || !(ASPECT_RATIOS as readonly string[]).includes(aspect))) {
    const message = `Invalid value at 'generation_config.image_config.aspect_ratio' (${JSON.stringify(aspect)}): supported are ${ASPECT_RATIOS.join(", ")}.`;
    return { status: 400, body: googleError(400, "INVALID_ARGUMENT", message) };
  }
  return { size: size as ImageSize, aspect };
}

/**
 * Quota mode: per model (Google's limits are per project and model), or for this exact name by the
 * `standin-quota-<n>` hook. Counts this request's image in the window when it passes; else the 429.
 */
function quotaExceeded(windows: Map<string, number[]>, model: string, imagesPerMinute: number | null): Refusal | null {
  const hookQuota = /standin-quota-(\d+)/.exec(model);
  const limit = hookQuota ? Number(hookQuota[1]) : imagesPerMinute;
  if (limit === null) return null;
  const base = splitModelId(model).base;
  const key = hookQuota ? model : base;
  const now = Date.now();
  const window = (windows.get(key) ?? []).filter((t) => now - t < 60_000);
  windows.set(key, window);
  if (window.length < limit) {
    window.push(now);
    return null;
  }
  const wait = Math.max(1, Math.ceil(((window[0] ?? now) + 60_000 - now) / 1000));
  const violation = {
    quotaMetric: "generativelanguage.googleapis.com/generate_content_paid_tier_requests",
    quotaId: "GenerateRequestsPerMinutePerProjectPerModel",
    quotaDimensions: { model: base },
    quotaValue: String(limit),
  };
  return {
    status: 429,
    body: googleError(
      429,
      "RESOURCE_EXHAUSTED",
      `You exceeded your current quota, please check your plan and billing details. Please retry in ${wait}s.`,
      [
        { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [violation] },
        { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${wait}s` },
      ],
    ),
  };
}

/**
 * Requests-per-day mode: per model, or for this exact name by the `standin-daily-<n>` hook, counted per Pacific day
 * (domain/quota-day.ts). Counts this request when it passes; else the per-day 429.
 */
function dailyQuotaExceeded(
  days: Map<string, { day: string; count: number }>,
  model: string,
  requestsPerDay: number | null,
): Refusal | null {
  const hook = /standin-daily-(\d+)/.exec(model);
  const limit = hook ? Number(hook[1]) : requestsPerDay;
  if (limit === null) return null;
  const base = splitModelId(model).base;
  const key = hook ? model : base;
  const today = pacificDay(Date.now());
  const counted = days.get(key);
  const count = counted?.day === today ? counted.count : 0;
  if (count < limit) {
    days.set(key, { day: today, count: count + 1 });
    return null;
  }
  const violation = {
    quotaMetric: "generativelanguage.googleapis.com/generate_content_paid_tier_requests",
    quotaId: "GenerateRequestsPerDayPerProjectPerModel",
    quotaDimensions: { location: "global", model: base },
    quotaValue: String(limit),
  };
  return {
    status: 429,
    body: googleError(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota, please check your plan and billing details.", [
      { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [violation] },
      {
        "@type": "type.googleapis.com/google.rpc.Help",
        links: [{ description: "Learn more about Gemini API quotas", url: "https://ai.google.dev/gemini-api/docs/rate-limits" }],
      },
    ]),
  };
}

/** `usageMetadata` as the image models report it: 1,120 tokens an input image, the prompt, the output image, the thinking. */
function usageOf(images: number, prompt: string) {
  const promptTokenCount = 1120 * images + Math.ceil(prompt.length / 4);
  const candidatesTokenCount = 1120;
  const thoughtsTokenCount = 120;
  return {
    promptTokenCount,
    candidatesTokenCount,
    thoughtsTokenCount,
    totalTokenCount: promptTokenCount + candidatesTokenCount + thoughtsTokenCount,
  };
}

/** Previews by input hashes, style and size (at most 32 kept): the final picture and its interim thought. */
class Previews {
  private readonly cache = new Map<string, { png: Buffer; thought: Buffer }>();
  readonly rendering = { renders: 0, cacheHits: 0, renderMs: 0 };

  async render(key: string, photos: Buffer[], style: string, dims: { width: number; height: number }, instruction?: string) {
    const hit = this.cache.get(key);
    if (hit) {
      this.rendering.cacheHits++;
      return hit;
    }
    const started = performance.now();
    try {
      const png = await renderPreview(photos, style, { ...dims, instruction });
      // the interim picture: half the size, greyscale, labelled THOUGHT
      const thought = await renderPreview(photos, style, {
        width: Math.round(dims.width / 2),
        height: Math.round(dims.height / 2),
        thought: true,
        instruction,
      });
      this.rendering.renders++;
      while (this.cache.size >= 32) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { png, thought });
      return { png, thought };
    } catch {
      return null;
    } finally {
      this.rendering.renderMs += performance.now() - started;
    }
  }
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Keeps the last 50 values per model. */
/** POST /__control: changes the global knobs (a new quota empties the windows). */
function control(
  knobs: ReturnType<typeof initialKnobs>,
  windows: Map<string, number[]>,
  days: Map<string, { day: string; count: number }>,
  raw: Buffer,
) {
  const body = JSON.parse(raw.toString() || "{}") as Partial<typeof knobs>;
  if (typeof body.delayMs === "number") knobs.delayMs = body.delayMs;
  if (typeof body.failRate === "number") knobs.failRate = body.failRate;
  if (typeof body.block === "boolean") knobs.block = body.block;
  if (Array.isArray(body.unlisted)) knobs.unlisted = body.unlisted.filter((m): m is string => typeof m === "string");
  if (body.imagesPerMinute === null || (typeof body.imagesPerMinute === "number" && body.imagesPerMinute >= 0)) {
    knobs.imagesPerMinute = body.imagesPerMinute;
    windows.clear();
  }
  if (body.requestsPerDay === null || (typeof body.requestsPerDay === "number" && body.requestsPerDay >= 0)) {
    knobs.requestsPerDay = body.requestsPerDay;
    days.clear();
  }
  return knobs;
}

interface References {
  images: number;
  backdrops: { index: number; sha256: string | null }[];
}

/** How many reference images a call had, and which the prompt names as the backdrop (1-based, with its hash). */
function referencesOf(prompt: string, hashes: string[]): References {
  const named = [...prompt.matchAll(/attached image (\d+) is the backdrop/g)].map((m) => Number(m[1]));
  return { images: hashes.length, backdrops: named.map((index) => ({ index, sha256: hashes[index - 1] ?? null })) };
}

function remember<T>(map: Map<string, T[]>, model: string, value: T) {
  const list = map.get(model) ?? [];
  list.push(value);
  if (list.length > 50) list.shift();
  map.set(model, list);
}

/** The knobs at start: the options, else the environment. */
function initialKnobs(opts: StandinOptions) {
  const envQuota = process.env.GENAI_STANDIN_IMAGES_PER_MINUTE ? Number(process.env.GENAI_STANDIN_IMAGES_PER_MINUTE) : NaN;
  const envDaily = process.env.GENAI_STANDIN_REQUESTS_PER_DAY ? Number(process.env.GENAI_STANDIN_REQUESTS_PER_DAY) : NaN;
  return {
    delayMs: opts.delayMs ?? Number(process.env.GENAI_STANDIN_DELAY_MS ?? 3000),
    failRate: opts.failRate ?? Number(process.env.GENAI_STANDIN_FAIL_RATE ?? 0),
    block: false,
    unlisted: [] as string[],
    imagesPerMinute:
      opts.imagesPerMinute !== undefined ? opts.imagesPerMinute : Number.isInteger(envQuota) && envQuota >= 0 ? envQuota : null,
    requestsPerDay: opts.requestsPerDay !== undefined ? opts.requestsPerDay : Number.isInteger(envDaily) && envDaily >= 0 ? envDaily : null,
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** models.list (`id` undefined) and models.get: the table's live rows less `unlisted`, with the API key required. */
function answerModels(req: http.IncomingMessage, res: http.ServerResponse, rawId: string | undefined, unlisted: string[]) {
  const params = new URL(req.url ?? "/", "http://x").searchParams;
  if (!req.headers["x-goog-api-key"] && !params.get("key"))
    return json(res, 403, googleError(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers. Please use API Key."));
  const listed = servedModels(unlisted);
  if (rawId === undefined) {
    const page = listPage(listed, params);
    return "error" in page ? json(res, 400, page) : json(res, 200, page);
  }
  const id = decodeURIComponent(rawId);
  const found = listed.find((m) => m.name === `models/${splitModelId(id).base}`);
  if (isRetired(id) || !found) return json(res, 404, notFoundModel(id));
  return json(res, 200, { ...found, name: `models/${id}` });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An answer without a picture, as Google gives one (test hooks, the block knob, or no photo sent); null to draw one. */
function declinedAnswer(model: string, block: boolean, hasImage: boolean, usageMetadata: unknown): object | null {
  // the account is limited for Prohibited Use Policy violations (the SDK's FinishReason PUP_LIMITED_DISABLED)
  if (model.includes("standin-pup")) return { candidates: [{ finishReason: "PUP_LIMITED_DISABLED", index: 0 }], usageMetadata };
  if (model.includes("standin-block-prompt")) return { promptFeedback: { blockReason: "SAFETY" }, usageMetadata };
  if (model.includes("standin-block") || block) return { candidates: [{ finishReason: "IMAGE_SAFETY", index: 0 }], usageMetadata };
  if (model.includes("standin-noimage") || !hasImage) {
    return {
      candidates: [{ content: { role: "model", parts: [{ text: "I can't create that image." }] }, finishReason: "STOP", index: 0 }],
      usageMetadata,
    };
  }
  return null;
}

export async function startGenaiStandin(opts: StandinOptions = {}): Promise<GenaiStandin> {
  const knobs = initialKnobs(opts);
  const calls = new Map<string, number>();
  const images = new Map<string, number>(); // per model: images answered
  const sizes = new Map<string, Record<string, number>>(); // per model: images by imageSize
  const rateLimited = new Map<string, number>(); // per model: 429s
  const windows = new Map<string, number[]>(); // per quota key: when each image of the last minute was answered
  const days = new Map<string, { day: string; count: number }>(); // per quota key: the Pacific day and its requests
  const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  const inputs = new Map<string, string[][]>(); // per model: the SHA-256 of each image of each call
  const prompts = new Map<string, string[]>(); // per model: the prompt of each call
  const references = new Map<string, References[]>(); // per model: the reference images of each call
  const previews = new Previews();
  const textStats = newTextStats(); // the text model's (./genai-text-standin.ts: the refine instruction judge, issue 46)

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
    if (path === "/__control" && req.method === "POST") return json(res, 200, control(knobs, windows, days, raw));
    if (path === "/__stats")
      return json(res, 200, {
        ...knobs,
        calls: Object.fromEntries(calls),
        images: Object.fromEntries(images),
        sizes: Object.fromEntries(sizes),
        rateLimited: Object.fromEntries(rateLimited),
        rateLimitedTotal: [...rateLimited.values()].reduce((a, b) => a + b, 0),
        inputs: Object.fromEntries(inputs),
        prompts: Object.fromEntries(prompts),
        references: Object.fromEntries(references),
        text: textStats,
        ...previews.rendering,
      });

    const models = /^\/(v1beta|v1|v1alpha)\/models(?:\/([^/:]+))?$/.exec(path);
    if (models && req.method === "GET") return answerModels(req, res, models[2], knobs.unlisted);

    const match = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):generateContent$/.exec(path);
    if (!match || req.method !== "POST") {
      return json(res, 404, { error: { code: 404, message: `No stand-in route for ${req.method} ${path}`, status: "NOT_FOUND" } });
    }
    const apiVersion = match[1]!;
    const model = decodeURIComponent(match[2]!);
    if (isTextModelId(model)) {
      const answer = answerText(req, raw, model, match[1]!, textStats);
      return json(res, answer.status, answer.body);
    }
    const n = (calls.get(model) ?? 0) + 1;
    calls.set(model, n);

    const known = imageModel(model);
    const refused = refuseRequest(req, raw, model, apiVersion, n);
    if (refused || !known) return json(res, refused?.status ?? 404, refused?.body ?? notFound(model, apiVersion));

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
    const inputImages = parts.filter((p) => p.inlineData?.data && p.inlineData.mimeType?.startsWith("image/"));
    const image = inputImages[0];
    const prompt = parts.map((p) => p.text ?? "").join("\n");

    const config = readImageConfig(known, body);
    if ("status" in config) return json(res, config.status, config.body);
    const { size, aspect } = config;
    const limited = dailyQuotaExceeded(days, model, knobs.requestsPerDay) ?? quotaExceeded(windows, model, knobs.imagesPerMinute);
    if (limited) {
      bump(rateLimited, model);
      return json(res, limited.status, limited.body);
    }
    const usageMetadata = usageOf(inputImages.length, prompt);

    const declined = declinedAnswer(model, knobs.block, image !== undefined, usageMetadata);
    if (declined) return json(res, 200, declined);

    const style = /in the "([^"]+)" style/.exec(prompt)?.[1] ?? "Headshot";
    const photos = inputImages.map((p) => Buffer.from(p.inlineData!.data!, "base64"));
    const hashes = photos.map(sha256);
    remember(inputs, model, hashes);
    remember(prompts, model, prompt);
    remember(references, model, referencesOf(prompt, hashes));
    const forced = /standin-size-(\d+)/.exec(model);
    let dims: { width: number; height: number };
    try {
      dims = outputDimensions(size, aspect ?? (await nearestRatio(photos[0]!)));
    } catch {
      return json(res, 400, googleError(400, "INVALID_ARGUMENT", "Unable to process input image."));
    }
    if (forced) dims = { width: Number(forced[1]), height: Number(forced[1]) };
    const key = `${hashes.join("+")} ${style} ${dims.width}x${dims.height} ${JSON.stringify(requestedChange(prompt) ?? null)}`;
    const rendered = await previews.render(key, photos, style, dims, requestedChange(prompt)); // an edit (issue 36) draws its change
    if (!rendered) return json(res, 400, googleError(400, "INVALID_ARGUMENT", "Unable to process input image."));
    const { png, thought } = rendered;
    bump(images, model);
    const bySize = sizes.get(model) ?? {};
    bySize[size] = (bySize[size] ?? 0) + 1;
    sizes.set(model, bySize);
    return json(res, 200, {
      candidates: [
        {
          content: {
            role: "model",
            parts: [
              { inlineData: { mimeType: "image/png", data: thought.toString("base64") }, thought: true },
              {
                inlineData: { mimeType: "image/png", data: png.toString("base64") },
                thoughtSignature: createHash("sha256").update(key).digest("base64"),
              },
            ],
          },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata,
      // Google names the model that served (an alias resolves to its version); the test hooks are ours, not its
      modelVersion: splitModelId(model).base,
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
