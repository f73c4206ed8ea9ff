/**
 * What the operator needs to know about the image model (docs/decisions/160-today-s-image-models.md):
 * - the model in use and its announced shutdown (domain/models.ts), with a warning from 30 days before;
 * - the last configuration failure (401/403/404 from the model: the key, the access, a retired model), with
 *   what to fix, kept in the bucket under `ops/` (one small object, overwritten) until a later completion
 *   shows it fixed;
 * - the daily cron's email when the 30-day window opens, sent once per model: the first cron run to create
 *   `ops/model/shutdown-notice/<model>` (a conditional put: only if absent) sends it;
 * - the chain (GEMINI_MODEL, then GEMINI_FALLBACK_MODELS) and which of its models serves now: a model Google
 *   answered 404 for is retired in its shared limiter (decision 290), and the operator is mailed once per model
 *   that Google no longer serves, found by a generation or by the daily check of models.list (decision 293):
 *   whoever first creates `ops/model/gone-notice/<model>` sends it.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import type { ModelStatus } from "../../domain/admin-api";
import { DEFAULT_IMAGE_MODEL, daysToShutdown, imageModel, isShutDown, splitModelId, successor } from "../../domain/models";
import type { Config } from "../config";
import type { ModelProblem } from "./gemini";
import { log, type JobDeps } from "../lib";
import { createMailer, modelGoneEmail, modelShutdownEmail, OPERATOR_LOCALE } from "../mail";

export const LAST_FAILURE_KEY = "ops/model/last-failure.json";
export const shutdownNoticeKey = (model: string) => `ops/model/shutdown-notice/${model}`;
export const goneNoticeKey = (model: string) => `ops/model/gone-notice/${model}`;
/** The daily check of Google's models.list (model-list.ts), kept for Monitoring. */
export const GOOGLE_LIST_KEY = "ops/model/google-list.json";

export interface GoogleListCheck {
  at: string;
  /** `chain`: models of GEMINI_MODEL/GEMINI_FALLBACK_MODELS Google does not list; `table`: other live rows it does not list. */
  missing: { chain: string[]; table: string[] };
}

/** The configured chain, GEMINI_MODEL then GEMINI_FALLBACK_MODELS, without the models the table says are shut down at `now`. */
export function modelChain(config: Pick<Config, "GEMINI_MODEL" | "GEMINI_FALLBACK_MODELS">, now = new Date()): string[] {
  return [config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS].filter((id) => {
    const model = imageModel(id);
    return model !== undefined && !isShutDown(model, now);
  });
}

export interface ModelFailure {
  model: string;
  status: number;
  /** What is wrong (gemini.ts ModelProblem); records written before it had one are read from `status`. */
  problem?: ModelProblem;
  reason: string;
  at: string;
}

/** What the operator should do about each configuration or account failure (gemini.ts ModelProblem, decision 291). */
export function whatToFix(failure: Pick<ModelFailure, "status" | "problem" | "model">): string {
  const { model } = failure;
  const problem = failure.problem ?? ({ 404: "gone", 403: "access" } as const)[failure.status as 404 | 403] ?? "key";
  switch (problem) {
    case "gone":
      return `Google does not serve ${model} (retired or unknown): the next model of GEMINI_FALLBACK_MODELS serves meanwhile; set GEMINI_MODEL to a live model of domain/models.ts (${DEFAULT_IMAGE_MODEL}) and deploy.`;
    case "key":
      return "Google refused the API key: set a valid GEMINI_API_KEY (wrangler secret put GEMINI_API_KEY) and deploy.";
    case "access":
      return `The API key has no access to ${model}: enable the Gemini API and billing for the key's project, or use another key.`;
    case "billing":
      return "Billing is not enabled on the key's Google project (400 FAILED_PRECONDITION): link a billing account to the project in Google AI Studio (Dashboard › Projects › Set up billing); the paid tier has no free-tier region limits.";
    case "prepay":
      return "The Google project's prepaid credit is used up (402): add credit in Google AI Studio (https://ai.studio/projects › Billing), and turn on auto-reload so it does not run out again.";
    case "policy":
      return "Google has limited or disabled the project for Prohibited Use Policy violations (finish reason PUP_LIMITED_DISABLED): read the notice sent to the project's owner in Google AI Studio and appeal there; no setting here fixes it.";
  }
}

/** Keeps the last configuration failure for Monitoring (a failed write is logged, never thrown: the generation's own failure matters more). */
export async function recordModelFailure(bucket: R2Bucket, failure: ModelFailure): Promise<void> {
  await bucket
    .put(LAST_FAILURE_KEY, JSON.stringify(failure), { httpMetadata: { contentType: "application/json" } })
    .catch((err: unknown) => log("error", "generation: could not record the model failure", { error: String(err) }));
}

const shutdownWarning = (model: string, shutdown: string, replacement: string, days: number) =>
  `Google shuts ${model} down on ${shutdown} (in ${days} days). Set GEMINI_MODEL to ${replacement} before then.`;

/**
 * The Monitoring tab's model card: which model of the chain serves now and each one's state. `retiredAt` asks a
 * model's shared limiter when Google answered 404 for it (limiter.ts modelRetiredAt; none in unit tests).
 */
export async function readModelStatus(
  db: Db,
  bucket: R2Bucket,
  config: Pick<Config, "GEMINI_MODEL" | "GEMINI_FALLBACK_MODELS">,
  now: Date,
  retiredAt: (model: string) => Promise<number | null> = async () => null,
): Promise<ModelStatus> {
  const ids = [config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS];
  const retired = await Promise.all(ids.map((id) => retiredAt(id)));
  let serving: string | null = null;
  const chain = ids.map((id, i): ModelStatus["chain"][number] => {
    const known = imageModel(id);
    const since = retired[i] ? new Date(retired[i]).toISOString() : null;
    const state = known && isShutDown(known, now) ? "shut down" : since ? "retired" : serving === null ? "serving" : "standby";
    if (state === "serving") serving = id;
    return { model: splitModelId(id).base, state, since };
  });
  const id = splitModelId(serving ?? config.GEMINI_MODEL).base;
  const model = imageModel(id);
  const days = model ? daysToShutdown(model, now) : null;
  const listed = await bucket.get(GOOGLE_LIST_KEY);
  const googleList = listed ? await listed.json<GoogleListCheck>() : null;
  const object = await bucket.get(LAST_FAILURE_KEY);
  const failure = object ? ((await object.json()) as ModelFailure) : null;
  let lastFailure: ModelStatus["lastFailure"] = null;
  if (failure) {
    const [later] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(headshots)
      .where(and(eq(headshots.status, "completed"), gte(headshots.completedAt, new Date(failure.at))));
    lastFailure = { ...failure, whatToFix: whatToFix(failure), fixed: (later?.n ?? 0) > 0 };
  }
  return {
    model: id,
    name: model?.name ?? id,
    configured: splitModelId(config.GEMINI_MODEL).base,
    chain,
    shutdown: model?.shutdown ?? null,
    warning: model && days !== null ? shutdownWarning(model.id, model.shutdown!, successor(model, now), days) : null,
    lastFailure,
    googleList,
  };
}

/**
 * Emails the operator once that Google no longer serves `model` (found by a generation's 404 or by models.list):
 * the first caller to create `ops/model/gone-notice/<model>` sends it; a failed mail deletes the marker, so the
 * next finding tries again. Returns whether it sent.
 */
export async function noticeModelGone(
  { bucket, config, now }: Pick<JobDeps, "bucket" | "config" | "now">,
  model: string,
  details: { serving: string | null; found: "generation" | "models.list" },
): Promise<boolean> {
  const key = goneNoticeKey(model);
  const created = await bucket.put(key, now.toISOString(), { onlyIf: { etagDoesNotMatch: "*" } });
  if (!created) return false;
  const base = (id: string) => splitModelId(id).base;
  const inChain = [config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS].map(base).includes(base(model));
  try {
    await createMailer(config, { IMAGES: bucket }).send(
      modelGoneEmail(config.OPERATOR_EMAIL, { model, inChain, ...details }, OPERATOR_LOCALE),
    );
  } catch (err) {
    await bucket.delete(key);
    throw err;
  }
  return true;
}

/** The daily cron: emails the operator once when the model's shutdown comes within the warning window. Returns whether it did. */
export async function noticeModelShutdown({ bucket, config, now }: Pick<JobDeps, "bucket" | "config" | "now">): Promise<boolean> {
  const model = imageModel(config.GEMINI_MODEL);
  const days = model ? daysToShutdown(model, now) : null;
  if (!model || days === null) return false;
  const key = shutdownNoticeKey(model.id);
  const created = await bucket.put(key, now.toISOString(), { onlyIf: { etagDoesNotMatch: "*" } });
  if (!created) return false; // an earlier run told the operator already
  try {
    await createMailer(config, { IMAGES: bucket }).send(
      modelShutdownEmail(
        config.OPERATOR_EMAIL,
        {
          model: model.id,
          shutdown: model.shutdown!,
          replacement: successor(model, now),
          days,
        },
        OPERATOR_LOCALE,
      ),
    );
  } catch (err) {
    await bucket.delete(key); // try again tomorrow
    throw err;
  }
  return true;
}
