/**
 * Configuration has one source of defaults (worker/config.ts CONFIG_DEFAULTS); the files that repeat
 * variables for people — wrangler.toml, .dev.vars.example, the README's configuration table — must
 * name every variable and agree with those defaults. And the queue's retries follow the job's.
 */
import { describe, expect, it } from "vitest";
import wranglerToml from "../wrangler.toml?raw";
import devVarsExample from "../.dev.vars.example?raw";
import readme from "../README.md?raw";
import { CONFIG_DEFAULTS, CONFIG_VARIABLES } from "./config";
import { MAX_ATTEMPTS } from "./generation/process";
import { consumerSettings } from "./generation";
import { MAX_ZIP_PICTURES, ZIP_CPU_MS_PER_PICTURE, ZIP_CPU_SAFETY } from "./downloads/headshot-zip";
import { TEAM_PLAN } from "../domain/plans";
import { SHOOT_MAX_STYLES } from "../domain/shoots";
import { LIVE_PAGES } from "./landing";
import { alternates, splitLocalePath } from "../copy";

const defaults: Record<string, string> = Object.fromEntries(Object.entries(CONFIG_DEFAULTS).map(([k, v]) => [k, String(v)]));

/** `[section]` of a TOML file: its `key = value` lines (strings unquoted). */
function tomlSection(toml: string, header: string): Record<string, string> {
  const start = toml.indexOf(`${header}\n`);
  if (start < 0) return {};
  const body = toml.slice(start + header.length + 1).split(/\n\[/)[0]!;
  return Object.fromEntries([...body.matchAll(/^([A-Za-z_]+)\s*=\s*(.+)$/gm)].map((m) => [m[1]!, m[2]!.trim().replace(/^"(.*)"$/, "$1")]));
}

/** `.dev.vars` lines: NAME=value, comments stripped. */
function dotenv(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.replace(/\s+#.*$/, "").trim()]));
}

/**
 * The README's configuration table: each row's variables and their local defaults — a row of one variable
 * its whole default cell, a row of several the backticked values when they pair one to one.
 */
function readmeConfigTable(text: string): { names: Set<string>; values: Record<string, string> } {
  const section = text.split("## Configuration")[1]!.split("\n## ")[0]!;
  const table = section.split("Build-time variables")[0]!;
  const names = new Set<string>();
  const values: Record<string, string> = {};
  for (const line of table.split("\n").filter((l) => l.startsWith("| `"))) {
    const cells = line.split(" | ");
    const vars = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    const defaults = [...(cells.at(-1) ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    vars.forEach((v, i) => {
      names.add(v);
      if (vars.length === 1) values[v] = cells.at(-1)!.replace(/\s*\|\s*$/, "");
      else if (defaults.length === vars.length) values[v] = defaults[i]!;
    });
  }
  return { names, values };
}

/** `value` standing alone in a table cell: at the start or end, or between spaces, backticks or parentheses. */
const asWord = (value: string) => new RegExp(`(^|[\\s\`(])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[\\s\`)])`);

describe("configuration files agree with worker/config.ts", () => {
  it("wrangler.toml [vars] are worker variables, and repeat no default with another value", () => {
    const vars = tomlSection(wranglerToml, "[vars]");
    expect(Object.keys(vars).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(vars)) {
      expect(CONFIG_VARIABLES, `${name} in wrangler.toml`).toContain(name);
      if (name in defaults) expect(value, `wrangler.toml ${name}`).toBe(defaults[name]);
    }
  });

  it(".dev.vars.example lists every variable, and shows each default as it is", () => {
    const vars = dotenv(devVarsExample);
    expect(Object.keys(vars).filter((n) => !(CONFIG_VARIABLES as string[]).includes(n))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((n) => !(n in vars))).toEqual([]);
    // empty means "the default"
    for (const [name, value] of Object.entries(defaults)) expect(["", value], `.dev.vars.example ${name}`).toContain(vars[name]);
  });

  it("the README's configuration table names every variable, and its defaults are the schema's", () => {
    const { names, values } = readmeConfigTable(readme);
    expect(CONFIG_VARIABLES.filter((n) => !names.has(n))).toEqual([]);
    // Locally npm start overrides a few (MAIL_PROVIDER=dev, the stand-ins' URLs); those rows do not pair a value per variable.
    const shown = Object.keys(defaults).filter((n) => n in values);
    expect(shown).toEqual(expect.arrayContaining(["STUCK_AFTER_MINUTES", "GEMINI_IMAGES_PER_MINUTE", "GEMINI_MODEL"]));
    for (const name of shown) expect(values[name], `README ${name}`).toMatch(asWord(defaults[name]!));
  });

  it("the queue retries a generation once more than the job tries it (the job gives up before the dead-letter queue)", () => {
    const consumer = tomlSection(wranglerToml, "[[queues.consumers]]");
    expect(Number(consumer.max_retries)).toBe(MAX_ATTEMPTS + 1);
  });

  it("every environment's generation consumer takes its batch size and concurrency from the model's quota (decision 191)", () => {
    const wanted = consumerSettings(CONFIG_DEFAULTS.GEMINI_IMAGES_PER_MINUTE);
    for (const header of ["[[queues.consumers]]", "[[env.staging.queues.consumers]]", "[[env.preview.queues.consumers]]"]) {
      const consumer = tomlSection(wranglerToml, header);
      expect(consumer.queue, header).toMatch(/^headshot-generations(-staging|-preview)?$/);
      expect({ max_batch_size: Number(consumer.max_batch_size), max_concurrency: Number(consumer.max_concurrency) }, header).toEqual(
        wanted,
      );
    }
  });

  it("every page the worker writes today's figures into reaches it before the static copy (run_worker_first)", () => {
    const firsts = JSON.parse(tomlSection(wranglerToml, "[assets]").run_worker_first!) as string[];
    for (const path of LIVE_PAGES) expect(firsts, path).toContain(path);
  });

  it("every language's copy of a live page is live and reaches the worker first, /de/ as / does (issue 50)", () => {
    const firsts = JSON.parse(tomlSection(wranglerToml, "[assets]").run_worker_first!) as string[];
    const english = [...LIVE_PAGES].filter((path) => splitLocalePath(path).locale === "en");
    expect(english).toEqual(["/", "/services/business-headshots"]);
    for (const page of english) {
      for (const { path } of alternates(page)) {
        expect(LIVE_PAGES.has(path), path).toBe(true);
        expect(firsts, path).toContain(path);
      }
    }
    expect(firsts).toContain("/de/");
    expect(firsts).toContain("/de/services/business-headshots");
    // and nothing else of the public site: every other page stays a static asset served without the worker
    expect(firsts.filter((p) => p !== "/api/*").sort()).toEqual([...LIVE_PAGES].sort());
  });

  it("every environment's CPU limit fits the largest ZIP (decision 262), which every ZIP route stays within", () => {
    // a team ZIP holds one chosen photo a seat, a shoot's one picture a style; a selection is capped at MAX_ZIP_PICTURES
    expect(TEAM_PLAN.maxSeats).toBeLessThanOrEqual(MAX_ZIP_PICTURES);
    expect(SHOOT_MAX_STYLES).toBeLessThanOrEqual(MAX_ZIP_PICTURES);
    const worstCase = MAX_ZIP_PICTURES * ZIP_CPU_MS_PER_PICTURE * ZIP_CPU_SAFETY;
    for (const header of ["[limits]", "[env.staging.limits]", "[env.preview.limits]"]) {
      const cpuMs = Number(tomlSection(wranglerToml, header).cpu_ms);
      expect(cpuMs, header).toBeGreaterThanOrEqual(worstCase);
      // Cloudflare's most for a paid Worker: 300,000 ms (5 minutes) a request
      expect(cpuMs, header).toBeLessThanOrEqual(300_000);
    }
  });
});
