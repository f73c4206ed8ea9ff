/**
 * Google's own list of the models a key can call (models.list through @google/genai), compared with the configured
 * chain and the table (decision 293). Only the SDK and domain/models.ts here, so the deploy pipeline's script
 * (dev/check-models.ts, in Node) and the daily cron (model-list.ts, in the worker) run the same code.
 */
import type { GoogleGenAI } from "@google/genai";
import { IMAGE_MODELS, isShutDown, splitModelId, type ImageModel } from "../../domain/models";

/** The Gemini API version every call pins (the SDK's default moved from v1beta to v1 between majors). */
export const GEMINI_API_VERSION = "v1beta";

/** Models per page asked of models.list (Google's most is 1000; its default 50). */
const PAGE_SIZE = 100;

/** The ids (without `models/`) Google lists as serving generateContent for this key, every page. */
export async function listServedModels(client: GoogleGenAI, pageSize = PAGE_SIZE): Promise<Set<string>> {
  const served = new Set<string>();
  const pager = await client.models.list({ config: { pageSize } });
  for await (const model of pager) {
    if (model.name && (model.supportedActions ?? []).includes("generateContent")) served.add(model.name.replace(/^models\//, ""));
  }
  return served;
}

export interface ModelsMissing {
  /** Models of GEMINI_MODEL and GEMINI_FALLBACK_MODELS (not already shut down by the table) Google does not list. */
  chain: string[];
  /** Live rows of domain/models.ts Google does not list (the table is out of date), beside the chain's. */
  table: string[];
}

/** What the configured chain and the table expect that `served` (Google's list) lacks. Test hooks (`--…`) are compared by their base id. */
export function missingModels(configured: string[], served: Set<string>, now: Date): ModelsMissing {
  const chain = [...new Set(configured.map((id) => splitModelId(id).base))];
  const live = (m: ImageModel) => !isShutDown(m, now);
  const liveRows = (IMAGE_MODELS as readonly ImageModel[]).filter(live).map((m) => m.id);
  return {
    chain: chain.filter((id) => liveRows.includes(id) && !served.has(id)),
    table: liveRows.filter((id) => !chain.includes(id) && !served.has(id)),
  };
}
