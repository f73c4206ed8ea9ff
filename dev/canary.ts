/**
 * The production deploy's decisions, out of the workflow's YAML (issue 47, decision 319). CI runs:
 *
 *   npx tsx dev/canary.ts migrations <base-ref>      prints "full" when wrangler.toml gains a Durable Object
 *                                                    migration since <base-ref>, else "gradual"
 *   npx tsx dev/canary.ts watch <new> <old> [minutes] watches the new version's share of 5xx answers against the
 *                                                    old version's, once a minute; exits 0 to promote, 1 after
 *                                                    rolling back (`wrangler rollback <old>`)
 *
 * Why: a version upload (`wrangler versions upload`) cannot carry a new Durable Object migration — Cloudflare's
 * gradual deployments page (https://developers.cloudflare.com/workers/configuration/versions-and-deployments/gradual-deployments/,
 * read 2026-12-05) — so such a change is deployed whole with `wrangler deploy`. The error rates come from our own
 * Analytics Engine data points (worker/ops/analytics.ts recordRequest: blob3 the status class, blob4 the version
 * id from the version_metadata binding), read through the SQL API
 * (https://developers.cloudflare.com/analytics/analytics-engine/sql-api/, read 2026-12-05).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The tags of every `[[migrations]]` block (any environment's) of a wrangler.toml. */
export function migrationTags(toml: string): string[] {
  const tags: string[] = [];
  for (const block of toml.split(/^(?=\[)/m)) {
    if (!/^\[\[(env\.[\w-]+\.)?migrations\]\]/.test(block)) continue;
    const tag = /^tag\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (tag) tags.push(tag);
  }
  return tags;
}

/** Migrations in `after` that `before` did not have: each needs a full `wrangler deploy`. */
export function newMigrations(before: string, after: string): string[] {
  const old = new Set(migrationTags(before));
  return migrationTags(after).filter((t) => !old.has(t));
}

export interface VersionRequests {
  requests: number;
  errors: number;
}

/** Rows of the SQL API (version, status class, requests) → requests and 5xx per version. */
export function byVersion(rows: { version: string; class: string; requests: number | string }[]): Map<string, VersionRequests> {
  const out = new Map<string, VersionRequests>();
  for (const r of rows) {
    const v = out.get(r.version) ?? { requests: 0, errors: 0 };
    v.requests += Number(r.requests);
    if (r.class === "5xx") v.errors += Number(r.requests);
    out.set(r.version, v);
  }
  return out;
}

/** Requests the new version must have answered before its rate means anything. */
export const MIN_REQUESTS = 50;
/** How much worse than the old version's the new one's 5xx share may be (percentage points) before rolling back. */
export const TOLERANCE = 0.01;

/** 5xx that roll a version back before it has MIN_REQUESTS, whatever the old version's rate. */
export const EARLY_ERRORS = 3;

/**
 * The canary's verdict from the requests counted so far: "rollback" when the new version's share of 5xx exceeds
 * the old one's by more than TOLERANCE over at least MIN_REQUESTS (or, before that, when it already has more 5xx
 * than MIN_REQUESTS requests at that rate would allow, and more than EARLY_ERRORS), "promote" otherwise once it has
 * MIN_REQUESTS, else "wait" (too little traffic yet).
 */
export function canaryVerdict(fresh: VersionRequests, old: VersionRequests): "promote" | "rollback" | "wait" {
  const oldRate = old.requests ? old.errors / old.requests : 0;
  if (fresh.requests < MIN_REQUESTS)
    return fresh.errors > Math.max(EARLY_ERRORS, MIN_REQUESTS * (oldRate + TOLERANCE)) ? "rollback" : "wait";
  return fresh.errors / fresh.requests > oldRate + TOLERANCE ? "rollback" : "promote";
}

/** The SQL that counts each version's requests by status class over the last `minutes`. */
export function ratesQuery(dataset: string, minutes: number): string {
  return `SELECT blob4 AS version, blob3 AS class, SUM(_sample_interval) AS requests FROM ${dataset}
WHERE index1 = 'request' AND timestamp > NOW() - INTERVAL '${Math.trunc(minutes)}' MINUTE
GROUP BY version, class FORMAT JSON`;
}

/** Each version's requests and 5xx over the last `minutes`, from the Analytics Engine SQL API. */
export async function versionRates(
  opts: { accountId: string; token: string; dataset: string; minutes: number },
  fetchImpl: typeof fetch = fetch,
): Promise<Map<string, VersionRequests>> {
  const res = await fetchImpl(`https://api.cloudflare.com/client/v4/accounts/${opts.accountId}/analytics_engine/sql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${opts.token}` },
    body: ratesQuery(opts.dataset, opts.minutes),
  });
  if (!res.ok) throw new Error(`Analytics Engine SQL API: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { version: string; class: string; requests: number | string }[] };
  return byVersion(body.data);
}

const wrangler = (...args: string[]) => execFileSync("npx", ["wrangler", ...args], { stdio: "inherit" });

async function watch(fresh: string, old: string, minutes: number): Promise<number> {
  const opts = {
    accountId: process.env.CLOUDFLARE_ACCOUNT_ID ?? "",
    token: process.env.CLOUDFLARE_API_TOKEN ?? "",
    dataset: process.env.METRICS_DATASET ?? "headshot_studio",
  };
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((r) => setTimeout(r, 60_000));
    const rates = await versionRates({ ...opts, minutes: minute });
    const none = { requests: 0, errors: 0 };
    const [n, o] = [rates.get(fresh) ?? none, rates.get(old) ?? none];
    const verdict = canaryVerdict(n, o);
    console.log(`minute ${minute}: new ${n.errors}/${n.requests} 5xx, old ${o.errors}/${o.requests} 5xx → ${verdict}`);
    if (verdict === "rollback") {
      wrangler("rollback", old, "--message", `canary ${fresh}: 5xx ${n.errors}/${n.requests} vs ${o.errors}/${o.requests}`, "--yes");
      return 1;
    }
  }
  // too little traffic to judge within the window: the old version's health check has passed; promote
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, a, b, c] = process.argv.slice(2);
  if (command === "migrations" && a) {
    const before = execFileSync("git", ["show", `${a}:wrangler.toml`], { encoding: "utf8" });
    const added = newMigrations(before, readFileSync("wrangler.toml", "utf8"));
    if (added.length) console.error(`Durable Object migration(s) ${added.join(", ")}: a full wrangler deploy`);
    console.log(added.length ? "full" : "gradual");
  } else if (command === "watch" && a && b) {
    process.exit(await watch(a, b, Number(c ?? 5)));
  } else {
    console.error("usage: dev/canary.ts migrations <base-ref> | watch <new-version> <old-version> [minutes]");
    process.exit(2);
  }
}
