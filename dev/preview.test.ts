/**
 * A pull request's preview is its own deployed Worker with its own queues (issue 47, decision 335): the config
 * written from wrangler.toml, the wrangler commands run to bring it up and tear it down, the secrets it gets.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SECRETS } from "../worker/production-config";
import { down, previewConfig, previewQueues, previewSecrets, previewUrl, prNumber, up, type Wrangler } from "./preview";

const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");

function section(config: string, header: string): string {
  const start = config.indexOf(`${header}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = config.indexOf("\n[", start + header.length);
  return config.slice(start, next < 0 ? undefined : next);
}

describe("the PR's config", () => {
  const config = previewConfig(toml, 42);

  it("names the Worker for the PR, on workers.dev, and renames every preview queue (dead-letter included)", () => {
    expect(section(config, "[env.preview]")).toMatch(/name = "headshot-studio-pr-42"\nworkers_dev = true\npreview_urls = false/);
    expect(previewQueues(config)).toEqual(["headshot-generations-pr-42-dlq", "headshot-generations-pr-42", "headshot-chores-pr-42"]);
    expect(previewQueues(toml)).toEqual(["headshot-generations-preview-dlq", "headshot-generations-preview", "headshot-chores-preview"]);
    // the consumer of the generations queue sends its failures to the PR's dead-letter queue
    expect(config).toMatch(/queue = "headshot-generations-pr-42"\n[^[]*dead_letter_queue = "headshot-generations-pr-42-dlq"/);
  });

  it("keeps production's and staging's tables and the preview's other bindings as they are", () => {
    const unchanged = (c: string) => c.split(/^(?=\[)/m).filter((t) => !/^\[\[?env\.preview[.\]]/.test(t));
    expect(unchanged(config)).toEqual(unchanged(toml));
    expect(config).toContain('bucket_name = "headshot-images-preview"');
    expect(config).not.toMatch(/queue = "headshot-[a-z]+-preview/);
  });

  it("refuses a config without a preview environment and a PR number that is not one", () => {
    expect(() => previewConfig('name = "x"\n', 1)).toThrow(/env\.preview/);
    for (const bad of [undefined, "", "0", "12a", "../1", "1;rm"]) expect(() => prNumber(bad)).toThrow(/pull request number/);
    expect(prNumber("7")).toBe(7);
  });
});

describe("bringing a preview up and down", () => {
  function fakeWrangler(fail: (args: string[]) => string | undefined = () => undefined) {
    const calls: string[][] = [];
    const seen: { config?: string; secrets?: unknown } = {};
    const wrangler: Wrangler = (args) => {
      calls.push(args);
      if (args[0] === "deploy") {
        seen.config = readFileSync(args[args.indexOf("--config") + 1]!, "utf8");
        seen.secrets = JSON.parse(readFileSync(args[args.indexOf("--secrets-file") + 1]!, "utf8"));
      }
      const out = fail(args);
      return { ok: out === undefined, out: out ?? "" };
    };
    return { calls, seen, wrangler };
  }
  const secrets = Object.fromEntries([...PRODUCTION_SECRETS, "DATABASE_URL"].map((n) => [n, `value-of-${n}`]));

  it("creates the queues (dead-letter first, existing ones kept), deploys the PR's config with its secrets, leaves no file", () => {
    const dir = mkdtempSync(join(tmpdir(), "preview-test-"));
    const w = fakeWrangler((a) => (a[2] === "headshot-chores-pr-9" ? "A queue with this name already exists [code: 11009]" : undefined));
    expect(up(9, toml, secrets, w.wrangler, dir)).toBe("headshot-studio-pr-9");
    expect(w.calls.slice(0, 3)).toEqual([
      ["queues", "create", "headshot-generations-pr-9-dlq"],
      ["queues", "create", "headshot-generations-pr-9"],
      ["queues", "create", "headshot-chores-pr-9"],
    ]);
    expect(w.calls[3]!.slice(0, 1).concat(w.calls[3]!.slice(3, 5))).toEqual(["deploy", "--env", "preview"]);
    expect(w.seen.config).toBe(previewConfig(toml, 9));
    expect(w.seen.secrets).toEqual(secrets);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("stops at a queue it cannot create, and fails when the deploy fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "preview-test-"));
    const noQueue = fakeWrangler((a) => (a[0] === "queues" ? "Authentication error [code: 10000]" : undefined));
    expect(() => up(9, toml, secrets, noQueue.wrangler, dir)).toThrow(/Creating queue headshot-generations-pr-9-dlq failed/);
    expect(noQueue.calls).toHaveLength(1);
    const noDeploy = fakeWrangler((a) => (a[0] === "deploy" ? "Queue headshot-chores-pr-9 does not exist" : undefined));
    expect(() => up(9, toml, secrets, noDeploy.wrangler, dir)).toThrow(/Deploying headshot-studio-pr-9 failed/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("tears down the Worker first (its consumers go with it), then its queues; what is gone already is fine", () => {
    const w = fakeWrangler((a) => (a[0] === "delete" ? "This Worker does not exist on your account. [code: 10007]" : undefined));
    down(9, toml, w.wrangler);
    expect(w.calls).toEqual([
      ["delete", "--name", "headshot-studio-pr-9", "--force"],
      ["queues", "delete", "headshot-generations-pr-9-dlq"],
      ["queues", "delete", "headshot-generations-pr-9"],
      ["queues", "delete", "headshot-chores-pr-9"],
    ]);
    const denied = fakeWrangler(() => "Authentication error [code: 10000]");
    expect(() => down(9, toml, denied.wrangler)).toThrow(/Deleting headshot-studio-pr-9 failed/);
  });
});

describe("the PR Worker's secrets", () => {
  const given = PRODUCTION_SECRETS.filter((n) => n !== "DATABASE_URL" && n !== "APP_URL");
  const all = JSON.stringify(Object.fromEntries(given.map((n) => [n, "x"])));

  const url = previewUrl(12, "studio");

  it("are every production secret, with DATABASE_URL the PR's branch and APP_URL its own address", () => {
    expect(url).toBe("https://headshot-studio-pr-12.studio.workers.dev");
    expect(() => previewUrl(12, undefined)).toThrow(/WORKERS_SUBDOMAIN/);
    const s = previewSecrets(all, "postgres://branch", url);
    expect(s.DATABASE_URL).toBe("postgres://branch");
    expect(s.APP_URL).toBe(url);
    expect(Object.keys(s).sort()).toEqual([...new Set([...PRODUCTION_SECRETS, "DATABASE_URL"])].sort());
  });

  it("names what is missing, and refuses a value that is not a JSON object", () => {
    const lacking = JSON.parse(all) as Record<string, string>;
    delete lacking[given[0]!];
    expect(() => previewSecrets(JSON.stringify(lacking), "postgres://b", url)).toThrow(`PREVIEW_SECRETS lacks: ${given[0]}`);
    expect(() => previewSecrets("[]", "postgres://b", url)).toThrow(/JSON object/);
    expect(() => previewSecrets(undefined, "postgres://b", url)).toThrow(/JSON object/);
    expect(() => previewSecrets(all, undefined, url)).toThrow(/DATABASE_URL/);
  });
});
