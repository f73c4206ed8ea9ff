/**
 * Deploy step (decision 293): asks Google, with the production key, whether it still serves every model of the
 * configured chain (GEMINI_MODEL, then GEMINI_FALLBACK_MODELS: wrangler.toml's [vars]), before `versions upload`:
 * models.list through @google/genai, every page (worker/generation/google-models.ts, the code the daily cron runs). A missing model of the chain stops the deploy (exit 1); a live row of
 * domain/models.ts Google no longer lists is printed as a warning (the table needs an update, nothing breaks).
 *
 *   GEMINI_API_KEY=… npx tsx dev/check-models.ts
 *   GEMINI_BASE_URL=http://127.0.0.1:PORT GEMINI_API_KEY=x npx tsx dev/check-models.ts   # against the local stand-in
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GoogleGenAI } from "@google/genai";
import { DEFAULT_IMAGE_MODEL } from "../domain/models";
import { GEMINI_API_VERSION, listServedModels, missingModels } from "../worker/generation/google-models";

/**
 * The chain production runs: wrangler.toml's [vars] GEMINI_MODEL and GEMINI_FALLBACK_MODELS (which repeat
 * worker/config.ts's defaults: worker/config-files.test.ts), else the default model alone.
 */
export function productionChain(wranglerToml: string): string[] {
  const vars = wranglerToml.split(/^\[vars\]$/m)[1]?.split(/^\[/m)[0] ?? "";
  const value = (name: string) => new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(vars)?.[1];
  const fallbacks = value("GEMINI_FALLBACK_MODELS") ?? "";
  return [
    value("GEMINI_MODEL") ?? DEFAULT_IMAGE_MODEL,
    ...fallbacks
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const apiKey = process.env.GEMINI_API_KEY;
  if (!apiKey) {
    console.error("GEMINI_API_KEY is not set: the check asks Google with the production key.");
    process.exit(1);
  }
  const chain = productionChain(readFileSync(fileURLToPath(new URL("../wrangler.toml", import.meta.url)), "utf8"));
  const baseUrl = process.env.GEMINI_BASE_URL;
  const client = new GoogleGenAI({ apiKey, httpOptions: { apiVersion: GEMINI_API_VERSION, ...(baseUrl ? { baseUrl } : {}) } });
  const served = await listServedModels(client);
  const missing = missingModels(chain, served, new Date());
  for (const id of missing.table) console.warn(`warning: Google no longer lists ${id}, a live row of domain/models.ts: update the table.`);
  if (missing.chain.length) {
    console.error(
      `Google does not list ${missing.chain.join(", ")} of the chain (${chain.join(", ")}): set GEMINI_MODEL / GEMINI_FALLBACK_MODELS in wrangler.toml to live models of domain/models.ts.`,
    );
    process.exit(1);
  }
  console.log(`Google serves every model of the chain: ${chain.join(", ")} (${served.size} models listed).`);
}
