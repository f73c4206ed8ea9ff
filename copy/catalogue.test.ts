/**
 * Checks that keep the catalogue whole (issue 50, decision 340): every key in every language, none empty, the same
 * placeholders everywhere, each key named for its area and used in code, and a message that differs per plan worded
 * for every plan of the table (issue 49, decision 370). Reads the JSON files themselves
 * (copy/messages/<area>/<locale>.json), so it fails before a screen shows a gap.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BILLING_PLANS } from "../domain/plans";

const ROOT = join(import.meta.dirname, "..");
const settings = JSON.parse(readFileSync(join(ROOT, "copy/project.inlang/settings.json"), "utf8")) as {
  baseLocale: string;
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const LOCALES = settings.locales;
const AREAS = settings["plugin.inlang.messageFormat"].pathPattern.map((p) => /messages\/([^/]+)\/\{locale\}\.json$/.exec(p)![1]!);

type Message = string | { declarations?: string[]; selectors?: string[]; match?: Record<string, string> }[];
const catalogue = (area: string, locale: string): Record<string, Message> => {
  const all = JSON.parse(readFileSync(join(ROOT, "copy/messages", area, `${locale}.json`), "utf8")) as Record<string, Message>;
  delete all.$schema;
  return all;
};

/** The texts of a message: the string, or each variant of a plural/select. */
const texts = (message: Message): string[] =>
  typeof message === "string" ? [message] : message.flatMap((v) => Object.values(v.match ?? {}));
/** Its placeholders: `{name}` in any text and the inputs it declares. */
const placeholders = (message: Message): string[] => {
  const names = new Set(texts(message).flatMap((t) => [...t.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)].map((m) => m[1]!)));
  if (typeof message !== "string")
    for (const v of message) for (const d of v.declarations ?? []) if (d.startsWith("input ")) names.add(d.slice(6).trim());
  // a local variable (`local countPlural = count: plural`) is not something the caller passes
  if (typeof message !== "string")
    for (const v of message) for (const d of v.declarations ?? []) if (d.startsWith("local ")) names.delete(/^local\s+(\w+)/.exec(d)![1]!);
  return [...names].sort();
};

/**
 * The plans a message has words for, when it selects on its input `plan` (`"plan=weekly": …`, decision 370), each
 * variant's value in order (`*` for a catch-all); null for a message that does not select on a plan.
 */
const planVariants = (message: Message): string[] | null => {
  if (typeof message === "string") return null;
  const variants = message.filter((v) => v.selectors?.includes("plan"));
  if (variants.length === 0) return null;
  return variants.flatMap((v) => Object.keys(v.match ?? {}).map((key) => /(?:^|[,\s])plan=([^,\s]+)/.exec(key)?.[1] ?? "?"));
};

/** Every source file that may use a message (the catalogue's own output aside). */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "generated" || name === "messages" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe("the catalogue (copy/messages)", () => {
  const problems = (check: (area: string) => string[]) => AREAS.flatMap(check);

  it("has every key of an area in every language, and no key another language lacks", () => {
    expect(
      problems((area) => {
        const keys = new Set(LOCALES.flatMap((l) => Object.keys(catalogue(area, l))));
        return LOCALES.flatMap((l) => {
          const own = catalogue(area, l);
          return [...keys].filter((k) => !(k in own)).map((k) => `${area}/${l}.json lacks ${k}`);
        });
      }),
    ).toEqual([]);
  });

  it("names each key for its area (<area>_<what>, snake_case)", () => {
    expect(
      problems((area) =>
        Object.keys(catalogue(area, settings.baseLocale))
          .filter((k) => !new RegExp(`^${area}_[a-z0-9]+(_[a-z0-9]+)*$`).test(k))
          .map((k) => `${area}: ${k}`),
      ),
    ).toEqual([]);
  });

  it("has no empty message in any language", () => {
    expect(
      problems((area) =>
        LOCALES.flatMap((l) =>
          Object.entries(catalogue(area, l))
            .filter(([, msg]) => texts(msg).length === 0 || texts(msg).some((t) => t.trim() === ""))
            .map(([k]) => `${area}/${l}: ${k}`),
        ),
      ),
    ).toEqual([]);
  });

  it("uses the same placeholders in every language", () => {
    expect(
      problems((area) => {
        const base = catalogue(area, settings.baseLocale);
        return LOCALES.flatMap((l) =>
          Object.entries(catalogue(area, l))
            .filter(([k, msg]) => k in base && placeholders(msg).join(",") !== placeholders(base[k]!).join(","))
            .map(
              ([k, msg]) =>
                `${area}/${l}: ${k} has {${placeholders(msg).join(", ")}}, ${settings.baseLocale} {${placeholders(base[k]!).join(", ")}}`,
            ),
        );
      }),
    ).toEqual([]);
  });

  it("words every plan of the table, and only those, in a message that selects on the plan (no catch-all)", () => {
    // A catch-all would give a new plan another's words, or none; without one, Paraglide types the input as the
    // plans the catalogue words, so `m.common_plan_name({ plan })` with a plan it lacks fails tsc as well.
    const plans = [...BILLING_PLANS].sort().join(",");
    expect(
      problems((area) =>
        LOCALES.flatMap((l) =>
          Object.entries(catalogue(area, l)).flatMap(([k, msg]) => {
            const named = planVariants(msg);
            return named && [...named].sort().join(",") !== plans
              ? [`${area}/${l}: ${k} words {${named.join(", ")}}, the table has {${plans}}`]
              : [];
          }),
        ),
      ),
    ).toEqual([]);
  });

  it('uses every key in code (m.key or m["key"] in web/, worker/, domain/ or copy/)', () => {
    const code = ["web/src", "worker", "domain", "copy"]
      .flatMap((d) => sources(join(ROOT, d)))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const used = (key: string) => new RegExp(`\\bm\\.${key}\\b|\\bm\\[["'\`]${key}["'\`]\\]`).test(code);
    expect(
      problems((area) =>
        Object.keys(catalogue(area, settings.baseLocale))
          .filter((k) => !used(k))
          .map((k) => `${area}: ${k} is not used`),
      ),
    ).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("see a plural's placeholders and ignore its local variables", () => {
    const plural: Message = [
      {
        declarations: ["input count", "local countPlural = count: plural"],
        selectors: ["countPlural"],
        match: { "countPlural=one": "{count} headshot", "countPlural=other": "{count} headshots of {name}" },
      },
    ];
    expect(placeholders(plural)).toEqual(["count", "name"]);
    expect(placeholders("Hello { name }, {days} left")).toEqual(["days", "name"]);
  });

  it("see which plans a message selecting on the plan words, a catch-all too, and the placeholders of each plan's variant", () => {
    const perPlan: Message = [
      {
        declarations: ["input plan", "input percent"],
        selectors: ["plan"],
        match: { "plan=weekly": "Quick", "plan=yearly": "Save {percent}%", "plan=*": "Other" },
      },
    ];
    expect(planVariants(perPlan)).toEqual(["weekly", "yearly", "*"]);
    expect(placeholders(perPlan)).toEqual(["percent", "plan"]);
    const twoSelectors: Message = [
      { declarations: ["input n", "input plan"], selectors: ["n", "plan"], match: { "n=1, plan=team": "a", "n=*, plan=weekly": "b" } },
    ];
    expect(planVariants(twoSelectors)).toEqual(["team", "weekly"]);
    expect(planVariants([{ declarations: ["input period"], selectors: ["period"], match: { "period=week": "/ week" } }])).toBeNull();
    expect(planVariants("Weekly")).toBeNull();
  });
});
