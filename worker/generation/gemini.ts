/**
 * The image model, through @google/genai's `generateContent`. The API version is pinned (the SDK's
 * default moved from v1beta to v1 between majors); GEMINI_BASE_URL points the same code at the local
 * stand-in (dev/genai-standin.ts). The SDK's own retries are off: the queue owns retrying.
 *
 * The answer is classified here, so the consumer only sees: an image, a transient failure (retry) or a
 * permanent one (fail now, with a sentence a person can read).
 */
import { ApiError as GenAiApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import type { Config } from "../config";

export const GEMINI_API_VERSION = "v1beta";
export const GEMINI_TIMEOUT_MS = 90_000;
/** Used against the local stand-in, which does not check keys. */
const PLACEHOLDER_KEY = "local-standin-key";

export type ModelOutcome =
  { kind: "image"; bytes: Uint8Array; mimeType: string } | { kind: "transient"; reason: string } | { kind: "blocked"; reason: string };

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
  /** The reference photos (one, or a shoot's several of one person) and the prompt that follows them. */
  input: { images: { bytes: Uint8Array; mimeType: string }[]; prompt: string },
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
      config: { responseModalities: ["IMAGE"], candidateCount: 1 },
    });
  } catch (err) {
    return classifyError(err);
  }
  return classifyResponse(response);
}

export function classifyError(err: unknown): ModelOutcome {
  if (err instanceof GenAiApiError) {
    if (err.status === 408 || err.status === 429 || err.status >= 500) return { kind: "transient", reason: `HTTP ${err.status}` };
    // 400 for this image (e.g. an unsupported or unreadable photo) is the image's fault: do not retry.
    if (err.status === 400) return { kind: "blocked", reason: NO_IMAGE_MESSAGE };
    // 401/403/404: misconfiguration (key, model). Retrying will not help either, but it is ours, not the user's.
    return { kind: "transient", reason: `HTTP ${err.status}` };
  }
  const name = err instanceof Error ? err.name : "";
  // AbortError/TimeoutError (our timeout), TypeError (network), anything else unexpected: try again.
  return { kind: "transient", reason: `${name || "Error"}: ${err instanceof Error ? err.message : String(err)}` };
}

export function classifyResponse(response: GenerateContentResponse): ModelOutcome {
  if (response.promptFeedback?.blockReason) return { kind: "blocked", reason: BLOCKED_MESSAGE };
  const candidate = response.candidates?.[0];
  for (const part of candidate?.content?.parts ?? []) {
    const data = part.inlineData?.data;
    const mimeType = part.inlineData?.mimeType ?? "";
    if (data && mimeType.startsWith("image/")) return { kind: "image", bytes: fromBase64(data), mimeType };
  }
  const finish = candidate?.finishReason ? String(candidate.finishReason) : "";
  if (BLOCK_FINISH_REASONS.has(finish) && finish !== "NO_IMAGE" && finish !== "OTHER" && finish !== "IMAGE_OTHER") {
    return { kind: "blocked", reason: BLOCKED_MESSAGE };
  }
  return { kind: "blocked", reason: NO_IMAGE_MESSAGE };
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
