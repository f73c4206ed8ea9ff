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
 * @google/genai 3.3.0 (npm's current release, 5 Dec 2026). The stored copies of the SDK's changelog
 * (github.com/googleapis/js-genai CHANGELOG.md) end at 1.38.0; the 3.x change that matters here, the default API
 * version moving to v1, is why the version is pinned (ag2's note on google-genai 3.x; the Python and JS SDKs moved
 * together). The calls used (models.generateContent, models.list) were run against the stand-in after the upgrade.
 *
 * The answer is classified here, so the consumer only sees: an image, a transient failure (retry, when
 * Google said how long to wait: that long), a permanent one (fail now, with a sentence a person can read)
 * or a misconfiguration: ours or the Google account's, never the person's photo (fail now, refund, tell the
 * operator what to do; decisions 161 and 291). Google's statuses and what they mean:
 * https://ai.google.dev/gemini-api/docs/troubleshooting (the api-errors page; read 5 Dec 2026):
 * - 401, or 400 INVALID_ARGUMENT with ErrorInfo reason API_KEY_INVALID: the key (`key`);
 * - 403 PERMISSION_DENIED: the key's project has no access to the model (`access`);
 * - 404 NOT_FOUND: Google no longer serves the model (`gone`: the chain's next model serves, decision 290);
 * - 400 FAILED_PRECONDITION: the free tier is not available and billing is not enabled on the project (`billing`);
 * - 402 (RESOURCE_EXHAUSTED, "Your prepayment credits are depleted"): the prepaid balance is used up; Google
 *   answered the same with 429 before (https://discuss.ai.google.dev/t/183654, "Depleted prepay credits now return
 *   HTTP 402 instead of 429"), so a 429 saying so is the same (`prepay`), not a quota to wait for;
 * - finish reason PUP_LIMITED_DISABLED: the account is limited or disabled for Prohibited Use Policy violations
 *   (`policy`; the SDK's FinishReason enum: "not supported in Vertex AI").
 */
import { ApiError as GenAiApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import type { Config } from "../config";
import { IMAGE_SIZE_PIXELS, imageCostMills, imageModel, type ImageSize } from "../../domain/models";
import { inspectImage } from "../photos";
import { googleErrorBody, retryDelaySeconds } from "./retry-info";
import { GEMINI_API_VERSION } from "./google-models";

export { GEMINI_API_VERSION };

export const GEMINI_TIMEOUT_MS = 90_000;
/** Used against the local stand-in only, which does not check keys (production requires GEMINI_API_KEY: worker/config.ts). */
const PLACEHOLDER_KEY = "local-standin-key";
/** Every generation is square: a headshot, and the shape the downloads' presets crop from. */
export const ASPECT_RATIO = "1:1";

export type ModelOutcome =
  | { kind: "image"; bytes: Uint8Array; mimeType: string; width: number; height: number; costMills: number; modelVersion?: string }
  | { kind: "transient"; reason: string; retryAfterSeconds?: number; quota?: true }
  | { kind: "blocked"; reason: string }
  | { kind: "misconfigured"; status: number; problem: ModelProblem; reason: string };

/** What is wrong on our side or the Google account's (each has its own instruction: model-status.ts whatToFix). */
export type ModelProblem = "key" | "access" | "gone" | "billing" | "prepay" | "policy";

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

/** The statuses that are ours or the account's to fix, never the person's, and that no retry helps (see the top). */
const STATUS_PROBLEMS: Record<number, ModelProblem> = { 401: "key", 402: "prepay", 403: "access", 404: "gone" };

/** Google's wording of an exhausted prepaid balance (402 now, 429 before). */
const PREPAY_DEPLETED = /prepayment credits are depleted/i;

export function classifyError(err: unknown, model = ""): ModelOutcome {
  if (err instanceof GenAiApiError) {
    const google = googleErrorBody(err);
    const said = [google?.status, google?.message].filter(Boolean).join(": ");
    const misconfigured = (problem: ModelProblem): ModelOutcome => ({
      kind: "misconfigured",
      status: err.status,
      problem,
      reason: `HTTP ${err.status} from ${model || "the image model"}${said ? ` (${said})` : ""}`,
    });
    if (err.status === 429 && PREPAY_DEPLETED.test(google?.message ?? err.message)) return misconfigured("prepay");
    if (err.status === 429) {
      const delay = retryDelaySeconds(err);
      return { kind: "transient", reason: `HTTP 429`, quota: true, ...(delay !== null ? { retryAfterSeconds: delay } : {}) };
    }
    if (err.status === 408 || err.status >= 500) return { kind: "transient", reason: `HTTP ${err.status}` };
    // Google answers a wrong key with 400 INVALID_ARGUMENT and ErrorInfo reason API_KEY_INVALID (api-errors page): ours too.
    const badKey = err.status === 400 && google?.details?.some((d) => (d as { reason?: unknown } | null)?.reason === "API_KEY_INVALID");
    if (badKey) return misconfigured("key");
    if (err.status === 400 && google?.status === "FAILED_PRECONDITION") return misconfigured("billing");
    const problem = STATUS_PROBLEMS[err.status];
    if (problem) return misconfigured(problem);
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
  if (String(candidate?.finishReason ?? "") === "PUP_LIMITED_DISABLED") {
    const reason = `${asked.model} answered finishReason PUP_LIMITED_DISABLED (the Google account is limited or disabled for policy violations)`;
    return { kind: "misconfigured", status: 200, problem: "policy", reason };
  }
  // The final image is the last image part that is not a thought (the interim pictures come first).
  const final = (candidate?.content?.parts ?? [])
    .filter((p) => !p.thought && p.inlineData?.data && p.inlineData.mimeType?.startsWith("image/"))
    .at(-1);
  if (final) {
    const outcome = readImage(fromBase64(final.inlineData!.data!), final.inlineData!.mimeType!, asked, response.usageMetadata);
    return outcome.kind === "image" ? { ...outcome, ...versionOf(response) } : outcome;
  }
  const finish = candidate?.finishReason ? String(candidate.finishReason) : "";
  if (BLOCK_FINISH_REASONS.has(finish) && finish !== "NO_IMAGE" && finish !== "OTHER" && finish !== "IMAGE_OTHER") {
    return { kind: "blocked", reason: BLOCKED_MESSAGE };
  }
  return { kind: "blocked", reason: NO_IMAGE_MESSAGE };
}

/**
 * The model's own name for what answered (`modelVersion` in Google's answer; an alias resolves to the version that
 * served it), recorded and signed in the picture's Content Credentials (decision 343). Only a plain id is kept.
 */
function versionOf(response: GenerateContentResponse): { modelVersion?: string } {
  const v = response.modelVersion?.trim();
  return v && /^[\w.:/@-]{1,128}$/.test(v) ? { modelVersion: v } : {};
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
