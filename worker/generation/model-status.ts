/**
 * What the operator needs to know about the image model (docs/decisions/160-today-s-image-models.md):
 * - the model in use and its announced shutdown (domain/models.ts), with a warning from 30 days before;
 * - the last configuration failure (401/403/404 from the model: the key, the access, a retired model), with
 *   what to fix, kept in the bucket under `ops/` (one small object, overwritten) until a later completion
 *   shows it fixed;
 * - the daily cron's email when the 30-day window opens, sent once per model: the first cron run to create
 *   `ops/model/shutdown-notice/<model>` (a conditional put: only if absent) sends it.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import type { ModelStatus } from "../../domain/admin-api";
import { DEFAULT_IMAGE_MODEL, daysToShutdown, imageModel, splitModelId, successor } from "../../domain/models";
import type { Config } from "../config";
import { log, type JobDeps } from "../lib";
import { createMailer, modelShutdownEmail } from "../mail";

export const LAST_FAILURE_KEY = "ops/model/last-failure.json";
export const shutdownNoticeKey = (model: string) => `ops/model/shutdown-notice/${model}`;

export interface ModelFailure {
  model: string;
  status: number;
  reason: string;
  at: string;
}

/** What the operator should do about a status the model answered. */
export function whatToFix(status: number, model: string): string {
  if (status === 404)
    return `Google does not serve ${model} (retired or unknown): set GEMINI_MODEL to a live model of domain/models.ts (${DEFAULT_IMAGE_MODEL}) and deploy.`;
  if (status === 401 || status === 400)
    return "Google refused the API key: set a valid GEMINI_API_KEY (wrangler secret put GEMINI_API_KEY) and deploy.";
  return `The API key has no access to ${model}: enable the Gemini API and billing for the key's project, or use another key.`;
}

/** Keeps the last configuration failure for Monitoring (a failed write is logged, never thrown: the generation's own failure matters more). */
export async function recordModelFailure(bucket: R2Bucket, failure: ModelFailure): Promise<void> {
  await bucket
    .put(LAST_FAILURE_KEY, JSON.stringify(failure), { httpMetadata: { contentType: "application/json" } })
    .catch((err: unknown) => log("error", "generation: could not record the model failure", { error: String(err) }));
}

const shutdownWarning = (model: string, shutdown: string, replacement: string, days: number) =>
  `Google shuts ${model} down on ${shutdown} (in ${days} days). Set GEMINI_MODEL to ${replacement} before then.`;

/** The Monitoring tab's model card. */
export async function readModelStatus(db: Db, bucket: R2Bucket, config: Pick<Config, "GEMINI_MODEL">, now: Date): Promise<ModelStatus> {
  const id = splitModelId(config.GEMINI_MODEL).base;
  const model = imageModel(id);
  const days = model ? daysToShutdown(model, now) : null;
  const object = await bucket.get(LAST_FAILURE_KEY);
  const failure = object ? ((await object.json()) as ModelFailure) : null;
  let lastFailure: ModelStatus["lastFailure"] = null;
  if (failure) {
    const [later] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(headshots)
      .where(and(eq(headshots.status, "completed"), gte(headshots.completedAt, new Date(failure.at))));
    lastFailure = { ...failure, whatToFix: whatToFix(failure.status, failure.model), fixed: (later?.n ?? 0) > 0 };
  }
  return {
    model: id,
    name: model?.name ?? id,
    shutdown: model?.shutdown ?? null,
    warning: model && days !== null ? shutdownWarning(model.id, model.shutdown!, successor(model, now), days) : null,
    lastFailure,
  };
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
      modelShutdownEmail(config.OPERATOR_EMAIL, {
        model: model.id,
        shutdown: model.shutdown!,
        replacement: successor(model, now),
        days,
      }),
    );
  } catch (err) {
    await bucket.delete(key); // try again tomorrow
    throw err;
  }
  return true;
}
