/**
 * A pull request's preview, deployed for real (issue 47, decision 335): its own Worker `headshot-studio-pr-<n>`
 * with its own queues (`headshot-generations-pr-<n>`, its dead-letter queue, `headshot-chores-pr-<n>`), so a
 * generation tried on the preview is consumed by the PR's code and its cron runs on the PR's Neon branch.
 * `preview.yml` runs:
 *
 *   npx tsx dev/preview.ts up <pr>     creates the PR's queues (those that exist are kept), writes
 *                                      wrangler.pr-<n>.toml (wrangler.toml with [env.preview] renamed) and
 *                                      deploys it with every secret (PREVIEW_SECRETS, a JSON object, plus
 *                                      DATABASE_URL, the PR's Neon branch, and APP_URL, its workers.dev address
 *                                      under WORKERS_SUBDOMAIN); prints the Worker's name
 *   npx tsx dev/preview.ts down <pr>   deletes the PR's Worker, then its queues (missing ones are not an error)
 *
 * Why not versions of one preview Worker (the first pass): a queue has at most one consumer, and a push consumer
 * is the Worker's deployed version, so a message sent from a PR's preview version was consumed by whatever
 * version was deployed; and Cloudflare does not generate preview URLs for a Worker that implements a Durable
 * Object (ours has ModelLimiter) — "Preview URLs", https://developers.cloudflare.com/workers/configuration/previews/
 * (its Limitations, read 2026-12-05). Queues allow 10,000 per account (https://developers.cloudflare.com/queues/platform/limits/,
 * read 2026-12-05): three per open PR is far inside it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PRODUCTION_SECRETS } from "../worker/production-config";

/** The pull request's number, checked: it becomes part of Worker and queue names. */
export function prNumber(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,6}$/.test(raw)) throw new Error(`A pull request number is needed, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

export const workerName = (pr: number) => `headshot-studio-pr-${pr}`;
export const configPath = (pr: number) => `wrangler.pr-${pr}.toml`;

/** Splits a TOML file into its tables: each starts at a `[...]` header line (the first, the top level, has none). */
function tables(toml: string): string[] {
  return toml.split(/^(?=\[)/m);
}

const isPreviewTable = (t: string) => /^\[\[?env\.preview[.\]]/.test(t);

/**
 * wrangler.toml with the preview environment made the PR's: its name, its workers.dev URL on, and every queue
 * it produces to or consumes (dead-letter queues included) renamed `…-preview…` → `…-pr-<n>…`. Other tables are
 * kept as they are (production's and staging's are not used by `--env preview`).
 */
export function previewConfig(toml: string, pr: number): string {
  let found = false;
  const out = tables(toml).map((t) => {
    if (!isPreviewTable(t)) return t;
    if (t.startsWith("[env.preview]")) {
      found = true;
      const body = t.replace(/^(workers_dev|name|preview_urls)\s*=.*\n/gm, "");
      return body.replace(/^\[env\.preview\]\n/, `[env.preview]\nname = "${workerName(pr)}"\nworkers_dev = true\npreview_urls = false\n`);
    }
    return t.replace(/^((?:dead_letter_)?queue\s*=\s*")([^"]+)-preview([^"]*)"/gm, `$1$2-pr-${pr}$3"`);
  });
  if (!found) throw new Error("wrangler.toml has no [env.preview] table");
  return out.join("");
}

/** Every queue a config's preview environment names (producers, consumers, dead-letter), dead-letter queues first. */
export function previewQueues(toml: string): string[] {
  const names = new Set<string>();
  const dlq = new Set<string>();
  for (const t of tables(toml).filter(isPreviewTable)) {
    for (const m of t.matchAll(/^(dead_letter_)?queue\s*=\s*"([^"]+)"/gm)) (m[1] ? dlq : names).add(m[2]!);
  }
  return [...dlq, ...[...names].filter((n) => !dlq.has(n))];
}

/** The PR Worker's own address: `<worker>.<account's workers.dev subdomain>.workers.dev`. */
export function previewUrl(pr: number, subdomain: string | undefined): string {
  if (!subdomain || !/^[a-z0-9-]+$/.test(subdomain)) throw new Error("WORKERS_SUBDOMAIN (the account's workers.dev subdomain) is not set");
  return `https://${workerName(pr)}.${subdomain}.workers.dev`;
}

/**
 * The secrets the PR's Worker is deployed with: every production secret (it runs as production), DATABASE_URL its
 * Neon branch and APP_URL its own address (links in its mail, Stripe's return URLs).
 */
export function previewSecrets(
  previewSecretsJson: string | undefined,
  databaseUrl: string | undefined,
  appUrl: string,
): Record<string, string> {
  let given: unknown;
  try {
    given = JSON.parse(previewSecretsJson ?? "");
  } catch {
    throw new Error("PREVIEW_SECRETS must be a JSON object of the preview's secrets");
  }
  if (!given || typeof given !== "object" || Array.isArray(given)) throw new Error("PREVIEW_SECRETS must be a JSON object");
  if (!databaseUrl) throw new Error("DATABASE_URL (the pull request's Neon branch) is not set");
  const secrets: Record<string, string> = { ...(given as Record<string, string>), DATABASE_URL: databaseUrl, APP_URL: appUrl };
  const missing = PRODUCTION_SECRETS.filter((n) => typeof secrets[n] !== "string" || secrets[n] === "");
  if (missing.length) throw new Error(`PREVIEW_SECRETS lacks: ${missing.join(", ")}`);
  return secrets;
}

/** Runs `wrangler <args>`; answers whether it succeeded and what it printed. */
export type Wrangler = (args: string[]) => { ok: boolean; out: string };

function must(r: { ok: boolean; out: string }, what: string, tolerate?: RegExp): void {
  if (!r.ok && !(tolerate && tolerate.test(r.out))) throw new Error(`${what} failed:\n${r.out}`);
}

/** Creates the PR's queues, writes its config, deploys it with its secrets. Returns the Worker's name. */
export function up(pr: number, toml: string, secrets: Record<string, string>, wrangler: Wrangler, dir: string): string {
  const config = previewConfig(toml, pr);
  for (const q of previewQueues(config)) must(wrangler(["queues", "create", q]), `Creating queue ${q}`, /already exists/i);
  const file = join(dir, configPath(pr));
  writeFileSync(file, config);
  const tmp = mkdtempSync(join(tmpdir(), "preview-"));
  const secretsFile = join(tmp, "secrets.json");
  writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  try {
    must(wrangler(["deploy", "--config", file, "--env", "preview", "--secrets-file", secretsFile]), `Deploying ${workerName(pr)}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
  return workerName(pr);
}

/** Deletes the PR's Worker (its consumers go with it), then its queues. What is already gone is not an error. */
export function down(pr: number, toml: string, wrangler: Wrangler): void {
  const gone = /not found|does not exist|10007|11000/i;
  must(wrangler(["delete", "--name", workerName(pr), "--force"]), `Deleting ${workerName(pr)}`, gone);
  for (const q of previewQueues(previewConfig(toml, pr))) must(wrangler(["queues", "delete", q]), `Deleting queue ${q}`, gone);
}

const run: Wrangler = (args) => {
  try {
    const out = execFileSync("npx", ["wrangler", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    process.stdout.write(out);
    return { ok: true, out };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [verb, raw] = process.argv.slice(2);
  const pr = prNumber(raw);
  const root = fileURLToPath(new URL("..", import.meta.url));
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  if (verb === "up") {
    const secrets = previewSecrets(process.env.PREVIEW_SECRETS, process.env.DATABASE_URL, previewUrl(pr, process.env.WORKERS_SUBDOMAIN));
    console.log(up(pr, toml, secrets, run, root));
  } else if (verb === "down") {
    down(pr, toml, run);
  } else {
    console.error("usage: npx tsx dev/preview.ts up|down <pull request number>");
    process.exit(2);
  }
}
