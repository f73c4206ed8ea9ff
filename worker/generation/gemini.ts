/**
 * The image model, through @google/genai's `generateContent`. The API version is pinned (the SDK's
 * default moved from v1beta to v1 between majors); GEMINI_BASE_URL points the same code at the local
 * stand-in (dev/genai-standin.ts). The SDK's own retries are off: the queue owns retrying.
 *
 * The request asks for what a headshot needs (`imageConfig`: the size by plan, square). The answer is read
 * as today's thinking models give it (https://ai.google.dev/gemini-api/docs/image-generation): parts marked
 * `thought: true` are interim pictures of the model's reasoning and are skipped, the last image part is the
 * result, and its decoded size must be the size asked for. Its cost comes from that size and the model
 * table (domain/models.ts), plus the input and thinking tokens of `usageMetadata`.
 *
 * The answer is classified here, so the consumer only sees: an image, a transient failure (retry, when
 * Google said how long to wait: that long), a permanent one (fail now, with a sentence a person can read)
 * or a misconfiguration (401/403/404: the key, the access or the model; fail now, refund, tell the operator).
 */
import { ApiError as GenAiApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import type { Config } from "../config";
import { IMAGE_SIZE_PIXELS, imageCostMills, imageModel, type ImageSize } from "../../domain/models";
import { inspectImage } from "../headshots";
import { googleErrorBody, retryDelaySeconds } from "./retry-info";

export const GEMINI_API_VERSION = "v1beta";
export const GEMINI_TIMEOUT_MS = 90_000;
/** Used against the local stand-in only, which does not check keys (production requires GEMINI_API_KEY: worker/config.ts). */
const PLACEHOLDER_KEY = "local-standin-key";
/** Every generation is square: a headshot, and the shape the downloads' presets crop from. */
export const ASPECT_RATIO = "1:1";

export type ModelOutcome =
  | { kind: "image"; bytes: Uint8Array; mimeType: string; width: number; height: number; costMills: number }
  | { kind: "transient"; reason: string; retryAfterSeconds?: number; quota?: true }
  | { kind: "blocked"; reason: string }
  | { kind: "misconfigured"; status: number; reason: string };

const BLOCK_FINISH_REASONS = new Set([
  "SAFETY",
  "PROHIBITED_CONTENT",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "RECITATION",
  "IMAGE_RECITATION",
  "NO_IMAGE",
  "IMAGE_OTHER",
  "OTHER",
  "LANGUAGE",
  "MALFORMED_FUNCTION_CALL",
]);

export const BLOCKED_MESSAGE =
  "This photo couldn't be turned into a headshot because the image service's safety filter declined it. Please try a different photo: a clear, well-lit picture of one adult's face works best.";
export const NO_IMAGE_MESSAGE = "The image service didn't return a picture for this photo. Please try again with a different photo.";

export function geminiClient(config: Pick<Config, "GEMINI_API_KEY" | "GEMINI_BASE_URL">): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: config.GEMINI_API_KEY ?? PLACEHOLDER_KEY,
    httpOptions: {
      apiVersion: GEMINI_API_VERSION,
      timeout: GEMINI_TIMEOUT_MS,
      ...(config.GEMINI_BASE_URL ? { baseUrl: config.GEMINI_BASE_URL } : {}),
    },
  });
}

export async function generateHeadshotImage(
  config: Pick<Config, "GEMINI_API_KEY" | "GEMINI_BASE_URL" | "GEMINI_MODEL">,
  /** The reference photos (one, or a shoot's several of one person), the prompt that follows them, the output size. */
  input: { images: { bytes: Uint8Array; mimeType: string }[]; prompt: string; size: ImageSize },
): Promise<ModelOutcome> {
  let response: GenerateContentResponse;
  try {
    response = await geminiClient(config).models.generateContent({
      model: config.GEMINI_MODEL,
      contents: [
        {
          role: "user",
          parts: [
            ...input.images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: toBase64(image.bytes) } })),
            { text: input.prompt },
          ],
        },
      ],
      config: { responseModalities: ["IMAGE"], candidateCount: 1, imageConfig: { imageSize: input.size, aspectRatio: ASPECT_RATIO } },
    });
  } catch (err) {
    return classifyError(err, config.GEMINI_MODEL);
  }
  return classifyResponse(response, { model: config.GEMINI_MODEL, size: input.size });
}

/** 401 (bad key), 403 (no access) and 404 (a retired or unknown model): ours to fix, never the person's, and no retry helps. */
export const MISCONFIGURED_STATUSES = new Set([401, 403, 404]);

export function classifyError(err: unknown, model = ""): ModelOutcome {
  if (err instanceof GenAiApiError) {
    if (err.status === 429) {
      const delay = retryDelaySeconds(err);
      return { kind: "transient", reason: `HTTP 429`, quota: true, ...(delay !== null ? { retryAfterSeconds: delay } : {}) };
    }
    if (err.status === 408 || err.status >= 500) return { kind: "transient", reason: `HTTP ${err.status}` };
    const google = googleErrorBody(err);
    // Google answers a wrong key with 400 INVALID_ARGUMENT and ErrorInfo reason API_KEY_INVALID (api-errors page): ours too.
    const badKey = err.status === 400 && google?.details?.some((d) => (d as { reason?: unknown } | null)?.reason === "API_KEY_INVALID");
    if (MISCONFIGURED_STATUSES.has(err.status) || badKey) {
      const said = [google?.status, google?.message].filter(Boolean).join(": ");
      return {
        kind: "misconfigured",
        status: err.status,
        reason: `HTTP ${err.status} from ${model || "the image model"}${said ? ` (${said})` : ""}`,
      };
    }
    // 400 for this image (e.g. an unsupported or unreadable photo) is the image's fault: do not retry.
    return { kind: "blocked", reason: NO_IMAGE_MESSAGE };
  }
  const name = err instanceof Error ? err.name : "";
  // AbortError/TimeoutError (our timeout), TypeError (network), anything else unexpected: try again.
  return { kind: "transient", reason: `${name || "Error"}: ${err instanceof Error ? err.message : String(err)}` };
}

export function classifyResponse(response: GenerateContentResponse, asked: { model: string; size: ImageSize }): ModelOutcome {
  if (response.promptFeedback?.blockReason) return { kind: "blocked", reason: BLOCKED_MESSAGE };
  const candidate = response.candidates?.[0];
  // The final image is the last image part that is not a thought (the interim pictures come first).
  const final = (candidate?.content?.parts ?? [])
    .filter((p) => !p.thought && p.inlineData?.data && p.inlineData.mimeType?.startsWith("image/"))
    .at(-1);
  if (final) return readImage(fromBase64(final.inlineData!.data!), final.inlineData!.mimeType!, asked, response.usageMetadata);
  const finish = candidate?.finishReason ? String(candidate.finishReason) : "";
  if (BLOCK_FINISH_REASONS.has(finish) && finish !== "NO_IMAGE" && finish !== "OTHER" && finish !== "IMAGE_OTHER") {
    return { kind: "blocked", reason: BLOCKED_MESSAGE };
  }
  return { kind: "blocked", reason: NO_IMAGE_MESSAGE };
}

/** The final image, checked: decodable, and of the size asked for (its cost is that size's price). */
function readImage(
  bytes: Uint8Array,
  mimeType: string,
  asked: { model: string; size: ImageSize },
  usage: GenerateContentResponse["usageMetadata"],
): ModelOutcome {
  let width: number;
  let height: number;
  try {
    ({ width, height } = inspectImage(bytes, 64_000_000));
  } catch (err) {
    return { kind: "transient", reason: `The model's image could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
  const expected = IMAGE_SIZE_PIXELS[asked.size];
  if (Math.max(width, height) !== expected) {
    return { kind: "transient", reason: `The model returned ${width}×${height} for a ${asked.size} request (${expected} px expected)` };
  }
  const model = imageModel(asked.model);
  const costMills = model ? imageCostMills(model, asked.size, usage) : 0;
  return { kind: "image", bytes, mimeType, width, height, costMills };
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(data: string): Uint8Array {
  const s = atob(data);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
