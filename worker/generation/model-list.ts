/**
 * Ask Google, not a copy of its pages (issue 45, decision 293): which models the production key can call, from
 * models.list through @google/genai (GET /v1beta/models, every page: `nextPageToken`). A model Google lists with
 * `generateContent` among its `supportedGenerationMethods` (the SDK's `supportedActions`) serves; one it no longer
 * lists is shut down or was never ours.
 * - the daily cron (worker/scheduled.ts) compares the configured chain and the table's live rows with the list:
 *   a model of the chain that is missing, or a table row Google no longer lists, alerts the operator once per id
 *   (model-status.ts noticeModelGone), and Monitoring shows the last check (`ops/model/google-list.json`);
 * - the deploy pipeline runs the same comparison with the production key before `versions upload` and stops on a
 *   missing model of the chain (dev/check-models.ts).
 * Reference: https://ai.google.dev/api/models (models.list: `pageSize`, `pageToken`; Model.supportedGenerationMethods).
 */
import { splitModelId } from "../../domain/models";
import type { Config } from "../config";
import { log, type JobDeps } from "../lib";
import { geminiClient } from "./gemini";
import { listServedModels, missingModels, type ModelsMissing } from "./google-models";
import { GOOGLE_LIST_KEY, noticeModelGone, type GoogleListCheck } from "./model-status";

/**
 * The daily cron's check: asks Google, keeps the answer for Monitoring, and mails the operator once per model
 * missing (the serving model named, when one of the chain is left). Returns what was missing.
 */
export async function checkModelsWithGoogle(
  deps: Pick<JobDeps, "bucket" | "config" | "now">,
  list: (config: Config) => Promise<Set<string>> = (config) => listServedModels(geminiClient(config)),
): Promise<ModelsMissing> {
  const { bucket, config, now } = deps;
  const missing = missingModels([config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS], await list(config), now);
  const check: GoogleListCheck = { at: now.toISOString(), missing };
  await bucket.put(GOOGLE_LIST_KEY, JSON.stringify(check), { httpMetadata: { contentType: "application/json" } });
  const serving = [config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS]
    .map((id) => splitModelId(id).base)
    .find((id) => !missing.chain.includes(id));
  for (const model of [...missing.chain, ...missing.table]) {
    if (await noticeModelGone(deps, model, { serving: serving ?? null, found: "models.list" }))
      log("warn", "cron: told the operator Google no longer lists an image model", { model });
  }
  return missing;
}
