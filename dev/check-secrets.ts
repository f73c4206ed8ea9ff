/**
 * Deploy step: every secret production requires (worker/production-config.ts PRODUCTION_SECRETS) is set on the
 * Worker, before a version is uploaded. Reads `wrangler secret list` (JSON: [{ name, type }]) for the
 * environment given, names every missing one and exits 1.
 *
 *   npx tsx dev/check-secrets.ts            # production (the top-level Worker)
 *   npx tsx dev/check-secrets.ts staging    # [env.staging]
 */
import { execFileSync } from "node:child_process";
import { PRODUCTION_SECRETS } from "../worker/production-config";

/** The required secrets `wrangler secret list --format json` does not list, in PRODUCTION_SECRETS order. */
export function missingSecrets(listJson: string): string[] {
  const listed = JSON.parse(listJson) as unknown;
  if (!Array.isArray(listed)) throw new Error("wrangler secret list did not answer a JSON array");
  const names = new Set(listed.map((s: { name?: unknown }) => s.name));
  return PRODUCTION_SECRETS.filter((name) => !names.has(name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.argv[2];
  const out = execFileSync("npx", ["wrangler", "secret", "list", "--format", "json", ...(env ? ["--env", env] : [])], { encoding: "utf8" });
  const missing = missingSecrets(out);
  if (missing.length) {
    console.error(
      `Missing secrets for ${env ?? "production"}: ${missing.join(", ")}\nSet each with: npx wrangler secret put NAME${env ? ` --env ${env}` : ""}`,
    );
    process.exit(1);
  }
  console.log(`All ${PRODUCTION_SECRETS.length} secrets are set for ${env ?? "production"}.`);
}
