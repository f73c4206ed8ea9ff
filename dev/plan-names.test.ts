/**
 * Adding a plan touches three things (issue 49, decisions 348, 370): its row in the plan table (domain/plans.ts), its
 * Stripe price (the variable `STRIPE_PRICE_<ID>`, read for every row: documented in .dev.vars.example, from which
 * `npm run types` regenerates worker/worker-configuration.d.ts) and its copy (copy/messages/common: a `plan=<id>`
 * variant of `common_plan_name` and `common_plan_line` in each language), plus the enum migration drizzle-kit
 * writes. Proved on a throwaway branch (decision 370): a fourth person's plan, Pro, was those files and nothing
 * else; `tsc -b` named the catalogue until its variants were written (Paraglide types a message's `plan` input as
 * the plans it words) and this test stayed green.
 *
 * This test lists every place in the tree that spells a plan's id, and fails when a new one does: a new place should
 * read the table (`BILLING_PLANS`, `PLANS`, `TEAM_PLAN.id`, `isTeamPlan`, `billingPlanById`, `FAIR_USE[id]`, …) or
 * pass the id to the catalogue as data (`m.common_plan_name({ plan: id })`, web/src/shared/billing/plan-words.ts)
 * instead. Only the table may spell them today; a file that must name a plan (a rule about one plan) is added
 * below with the reason, and the decision says why.
 *
 * A plan is "spelled" by its id as a string (`"weekly"`, SQL's `'weekly'`), as an object key (`weekly:`), as a
 * property (`.weekly`) or in its Stripe price variable (`STRIPE_PRICE_WEEKLY`); comments do not count. An id that is
 * also an everyday word of the code (the Team plan's `team`: its routes, its pages, a member's role, an allowance's
 * kind) counts only as a plan: compared with or given to something plan-named (`planType === "team"`), passed to a
 * plan's function (`fairUseCaps("team")`), or a price book's or allowance table's property (`current.team`). Tests,
 * docs, migrations (a migration records a past schema as it was), the catalogue's JSON and the benches are left
 * out: tests may pin today's plans and words (a new plan updates those that list them), the others are not code.
 */
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BILLING_PLANS } from "../domain/plans";

/** Ids that are also ordinary words in the code: counted only in a plan's context. */
const EVERYDAY_WORDS = new Set(["team"]);

/** The files that may spell plan ids, and why. Keep it short: each entry is a place a new plan may have to touch. */
const ALLOWED: Record<string, string> = {
  "domain/plans.ts": "the plan table itself",
};

const LEFT_OUT = /(\.test\.|\.spec\.|^e2e\/|^docs\/|^db\/migrations\/|^bench\/|\/test\/|\.d\.ts$|^copy\/)/;

function spellings(id: string): RegExp {
  const upper = id.toUpperCase();
  const literal = `["'\`]${id}["'\`]`;
  if (EVERYDAY_WORDS.has(id)) {
    const planNamed = `\\b\\w*(plan|Plan)\\w*(\\.\\w+)*\\)?`;
    const compared = `${planNamed}\\s*(===|!==|==|!=|\\?\\?|=|:)\\s*${literal}|${literal}\\s*(===|!==|==|!=)\\s*${planNamed}`;
    const passed = `\\b\\w*(Plan|plan|Caps|Words|FAIR_USE)\\w*\\(\\s*${literal}`;
    const property = `\\b(current|upcoming|prices|amounts|FAIR_USE)\\.${id}\\b`;
    return new RegExp(`${compared}|${passed}|${property}|STRIPE_PRICE_${upper}\\b`);
  }
  return new RegExp(`${literal}|\\b${id}\\??:|\\.${id}\\b|STRIPE_PRICE_${upper}\\b`);
}

/** The code without its comments (a line comment after a string on the same line too; a URL's "//" may hide the rest of its line). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/[^\n]*/g, "$1");

/** Every tracked source file outside the allowed ones and the left-out kinds, with the plan ids it spells. */
function planNamesInTree(): Record<string, string[]> {
  const files = execSync("git ls-files", { encoding: "utf8" })
    .split("\n")
    .filter((f) => /\.(ts|tsx|js|mjs|cjs|sql|toml|html)$/.test(f) && !LEFT_OUT.test(f));
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const text = code(readFileSync(file, "utf8"));
    const ids = BILLING_PLANS.filter((id) => spellings(id).test(text));
    if (ids.length > 0) found[file] = ids;
  }
  return found;
}

describe("where plans are named (issue 49)", () => {
  const found = planNamesInTree();

  it("no file outside the plan table spells a plan's id, but those listed with a reason", () => {
    const unexpected = Object.keys(found).filter((file) => !(file in ALLOWED));
    expect(
      unexpected,
      `these files name plans by id; read domain/plans.ts's table instead (or list them in ${import.meta.url.split("/").pop()} with why)`,
    ).toEqual([]);
  });

  it("the list is not stale: every listed file still names a plan", () => {
    expect(Object.keys(ALLOWED).filter((file) => !(file in found))).toEqual([]);
  });

  it("detects a new place: a string, a key, a property and a price variable; the Team plan's id only in a plan's context", () => {
    const person = BILLING_PLANS.find((id) => !EVERYDAY_WORDS.has(id))!;
    for (const text of [`x === "${person}"`, `{ ${person}: 1 }`, `book.current.${person}`, `STRIPE_PRICE_${person.toUpperCase()}`])
      expect(spellings(person).test(text), text).toBe(true);
    expect(spellings(person).test(`const ${person}ish = 1`)).toBe(false);
    expect(spellings("team").test(`if (planType === "team")`)).toBe(true);
    expect(spellings("team").test(`if (invoice.planType === "team")`)).toBe(true);
    expect(spellings("team").test(`fairUseCaps("team")`)).toBe(true);
    expect(spellings("team").test(`book.current.team.priceId`)).toBe(true);
    expect(spellings("team").test(`query: { template: "team" }`)).toBe(false);
    expect(spellings("team").test(`client.api.team.seats`)).toBe(false);
    expect(spellings("team").test(`a.kind === "team" ? TEAM_PLAN.id : a.plan`)).toBe(false);
    expect(code(`const a = 1; // "${person}"\n/* ${person}: */ b`)).not.toMatch(spellings(person));
  });
});
