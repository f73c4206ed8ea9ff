/**
 * The decision records' index (docs/decisions/README.md), made from the records themselves.
 *
 * Every record starts with its title (`# NNN — Title`), a blank line, then `Date: YYYY-MM-DD` (the day it was
 * written) and `Status: …`: `accepted`, `superseded by NNN` or `superseded in part by NNN` (the record that
 * replaces it), followed by whatever it amends (epic-stack's docs/decisions; STYLE.md habit 19).
 * `dev/decisions.test.ts` fails when a record lacks either line, names a successor that does not exist, or
 * the index is not the one this file makes.
 *
 *   npx tsx dev/decisions.ts          write the index
 *   npx tsx dev/decisions.ts --check  exit 1 when it is out of date
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const DECISIONS_DIR = join(import.meta.dirname, "..", "docs", "decisions");
export const INDEX_FILE = "README.md";

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string | null;
  status: string | null;
  /** The records a `superseded … by NNN` status names. */
  successors: string[];
}

export function readDecision(file: string, text: string): DecisionRecord {
  const lines = text.split("\n");
  const title = lines[0]!.replace(/^#\s*\d+\s*(?:—|:|-|\.)?\s*/, "").trim();
  const header = lines.slice(1, 6);
  const date = header.map((l) => /^Date: (\d{4}-\d{2}-\d{2})\s*$/.exec(l)?.[1]).find(Boolean) ?? null;
  const status = header.map((l) => /^Status: (.+)$/.exec(l)?.[1]?.trim()).find(Boolean) ?? null;
  const successors = [...(status ?? "").matchAll(/superseded (?:in part )?by (?:decisions? )?(\d{3})/gi)].map((m) => m[1]!);
  return { file, number: file.slice(0, 3), title, date, status, successors };
}

export function readDecisions(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((f) => readDecision(f, readFileSync(join(dir, f), "utf8")));
}

/** The status's first clause, for the index's column (`accepted (issue 12). Replaces …` → `accepted (issue 12)`). */
const shortStatus = (status: string) => status.split(/\.(?:\s|$)/)[0]!.trim();

export function renderIndex(records: DecisionRecord[]): string {
  const rows = records.map(
    (r) => `| ${r.number} | [${r.title.replace(/\|/g, "\\|")}](${r.file}) | ${r.date ?? ""} | ${shortStatus(r.status ?? "")} |`,
  );
  return [
    "# Decision records",
    "",
    "Why things are the way they are: one record per decision, numbered by area (0xx foundations, 1xx product",
    "features, 2xx later waves). Each starts with its date and its status: `accepted`, or `superseded by NNN`",
    "(in part, where only some of it was replaced). A record that no longer describes the code is updated in",
    "the change that made it stale. This page is made by `npx tsx dev/decisions.ts`; `dev/decisions.test.ts`",
    "fails when it is out of date.",
    "",
    "| № | decision | date | status |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const index = renderIndex(readDecisions());
  const path = join(DECISIONS_DIR, INDEX_FILE);
  if (process.argv.includes("--check")) {
    const current = readFileSync(path, "utf8");
    if (current !== index) {
      console.error(`${path} is out of date: run npx tsx dev/decisions.ts`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, index);
  }
}
