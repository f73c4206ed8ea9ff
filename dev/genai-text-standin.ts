/**
 * The local stand-in's text model (issue 46 item 6): the `generateContent` call of worker/headshots/instruction-judge.ts,
 * answered in Google's shape with a JSON verdict from a small deterministic multilingual judge of its own
 * (./instruction-judge-standin.ts — not the product's word lists, so a test through it is not circular).
 *
 * As strict as the API (each behaviour names its page, read 5 Dec 2026):
 * - Models: only the live ids of domain/text-models.ts are served; any other id is 404 NOT_FOUND, as a shut-down
 *   model is (https://ai.google.dev/gemini-api/docs/deprecations; api-errors page for the shape).
 * - A request without `x-goog-api-key` is 403 PERMISSION_DENIED; a body over 20 MB is 400 (as for the image model).
 * - Structured output (https://ai.google.dev/gemini-api/docs/structured-output): `generationConfig.responseSchema` needs
 *   `responseMimeType: "application/json"` (else 400 INVALID_ARGUMENT); the schema is Google's Schema object, whose
 *   unknown fields (`$schema`, `additionalProperties`, …) are 400 "Invalid JSON payload received. Unknown name"; `type`
 *   must be one of its types; `required` may only name declared properties. A text model asked for images
 *   (`responseModalities` with IMAGE, or an `imageConfig`) is 400. The answer's JSON fits the schema asked for: the
 *   verdict's category must be one of the schema's `enum`, or the stand-in answers 400 naming what it cannot fit.
 * - `contents` must hold a user text part (400 "contents is not specified" otherwise).
 * Hooks after `--` in the model name (domain/models.ts splitModelId), as for the image model: "standin-status-<code>"
 * (that error in Google's shape), "standin-fail-<n>" (the first n calls for that name answer 503), "standin-garbled"
 * (a STOP whose text is not JSON), "standin-block-prompt" (promptFeedback.blockReason SAFETY).
 */
import type http from "node:http";
import { splitModelId } from "../domain/models";
import { isTextModelShutDown, textModel } from "../domain/text-models";
import { judgeStandin } from "./instruction-judge-standin";

type Answer = { status: number; body: unknown };

const googleError = (code: number, status: string, message: string): Answer => ({
  status: code,
  body: { error: { code, message, status } },
});
const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};
const INLINE_LIMIT_BYTES = 20 * 1024 * 1024;

/** The Schema object's fields (https://ai.google.dev/api/caching#Schema). */
const SCHEMA_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
const SCHEMA_TYPES = new Set(["TYPE_UNSPECIFIED", "STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);

interface Schema {
  type?: string;
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
}

/** The first problem of a Schema object, as Google words it, or null. */
function schemaProblem(schema: unknown, at: string): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return `Invalid value at '${at}': Starting an object on a scalar field`;
  for (const key of Object.keys(schema)) {
    if (!SCHEMA_FIELDS.has(key)) return `Invalid JSON payload received. Unknown name "${key}" at '${at}': Cannot find field.`;
  }
  const s = schema as Schema;
  if (s.type !== undefined && !SCHEMA_TYPES.has(String(s.type).toUpperCase()))
    return `Invalid value at '${at}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "${String(s.type)}"`;
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    const problem = schemaProblem(child, `${at}.properties[${name}].value`);
    if (problem) return problem;
  }
  for (const name of s.required ?? [])
    if (!(name in (s.properties ?? {}))) return `* GenerateContentRequest.${at}.required[${name}]: property is not defined`;
  if (s.items) return schemaProblem(s.items, `${at}.items`);
  return null;
}

interface Body {
  contents?: { role?: string; parts?: { text?: string }[] }[];
  systemInstruction?: { parts?: { text?: string }[] };
  generationConfig?: {
    responseMimeType?: string;
    responseSchema?: unknown;
    responseModalities?: string[];
    imageConfig?: unknown;
  };
}

/** The instruction on the judge's marker line (worker/headshots/instruction-judge.ts JUDGE_MARKER), else the whole text. */
function instructionOf(text: string): string {
  const line = /^Instruction \(JSON string\): (".*")$/m.exec(text)?.[1];
  if (!line) return text;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "string" ? value : text;
  } catch {
    return text;
  }
}

/** Statistics for GET /__stats: per text model, the calls and the instructions judged (the last 50). */
export interface TextStats {
  calls: Record<string, number>;
  /** What was judged, and whether the call gave the verdict's schema (`generationConfig.responseSchema`). */
  judged: Record<string, { instruction: string; verdict: string; category: string; schema: boolean }[]>;
}

export function newTextStats(): TextStats {
  return { calls: {}, judged: {} };
}

/** Whether the stand-in's text model serves this model id (a text model's name, with or without hooks). */
export const isTextModelId = (model: string): boolean => textModel(model) !== undefined;

export function answerText(req: http.IncomingMessage, raw: Buffer, model: string, apiVersion: string, stats: TextStats): Answer {
  const n = (stats.calls[model] ?? 0) + 1;
  stats.calls[model] = n;
  if (raw.length > INLINE_LIMIT_BYTES)
    return googleError(400, "INVALID_ARGUMENT", `Request payload size exceeds the limit: ${INLINE_LIMIT_BYTES} bytes.`);
  if (!req.headers["x-goog-api-key"] && !new URL(req.url ?? "/", "http://x").searchParams.get("key"))
    return googleError(
      403,
      "PERMISSION_DENIED",
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  const known = textModel(model);
  if (!known || isTextModelShutDown(known, new Date()))
    return googleError(
      404,
      "NOT_FOUND",
      `models/${model} is not found for API version ${apiVersion}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    );
  const hooks = splitModelId(model).hooks ?? "";
  const status = /standin-status-(\d{3})/.exec(hooks);
  if (status) {
    const code = Number(status[1]);
    return googleError(code, STATUS_NAMES[code] ?? "UNKNOWN", `The stand-in answers ${code} for ${model}.`);
  }
  const failFirst = /standin-fail-(\d+)/.exec(hooks);
  if (failFirst && n <= Number(failFirst[1])) return googleError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");

  let body: Body;
  try {
    body = JSON.parse(raw.toString()) as Body;
  } catch {
    return googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
  }
  const userText = (body.contents ?? [])
    .filter((c) => (c.role ?? "user") === "user")
    .flatMap((c) => c.parts ?? [])
    .map((p) => p.text ?? "")
    .join("\n")
    .trim();
  if (!userText) return googleError(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified");
  const config = body.generationConfig ?? {};
  if (config.imageConfig !== undefined || (config.responseModalities ?? []).some((m) => m.toUpperCase() === "IMAGE"))
    return googleError(400, "INVALID_ARGUMENT", `Image output is not supported by ${splitModelId(model).base}.`);
  const schema = config.responseSchema;
  if (schema !== undefined) {
    if (config.responseMimeType !== "application/json")
      return googleError(
        400,
        "INVALID_ARGUMENT",
        `Invalid argument: response_schema is only supported with response_mime_type "application/json" (got ${JSON.stringify(config.responseMimeType ?? "text/plain")}).`,
      );
    const problem = schemaProblem(schema, "generation_config.response_schema");
    if (problem) return googleError(400, "INVALID_ARGUMENT", problem);
  }
  const usageMetadata = {
    promptTokenCount: Math.ceil(raw.length / 4),
    candidatesTokenCount: 24,
    totalTokenCount: Math.ceil(raw.length / 4) + 24,
  };
  if (hooks.includes("standin-block-prompt")) return { status: 200, body: { promptFeedback: { blockReason: "SAFETY" }, usageMetadata } };

  const instruction = instructionOf(userText);
  const verdict = judgeStandin(instruction);
  const list = (stats.judged[model] ??= []);
  list.push({ instruction, verdict: verdict.verdict, category: verdict.category, schema: schema !== undefined });
  if (list.length > 50) list.shift();
  let text: string;
  if (hooks.includes("standin-garbled")) text = '{"verdict": "allo';
  else if (config.responseMimeType === "application/json") {
    // the answer fits the schema asked for: the categories it offers, the properties it names
    const s = (schema ?? {}) as Schema;
    const props = s.properties ?? {};
    if (schema !== undefined && !("verdict" in props && "category" in props && "reason" in props))
      return googleError(
        400,
        "INVALID_ARGUMENT",
        "The stand-in judges only with the verdict schema of worker/headshots/instruction-judge.ts.",
      );
    const categories = props.category?.enum;
    if (categories && !categories.includes(verdict.category))
      return googleError(400, "INVALID_ARGUMENT", `The stand-in's verdict ${verdict.category} is not in the schema's categories.`);
    text = JSON.stringify(verdict);
  } else text = `${verdict.verdict}: ${verdict.reason}`;
  return {
    status: 200,
    body: {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
      usageMetadata,
      modelVersion: splitModelId(model).base,
    },
  };
}
