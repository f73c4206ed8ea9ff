import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, INDEX_FILE, readDecision, readDecisions, renderIndex } from "./decisions";

describe("decision records", () => {
  const records = readDecisions();

  it("each starts with its date and its status", () => {
    const missing = records.filter((r) => !r.date || !r.status).map((r) => r.file);
    expect(missing).toEqual([]);
    expect(records.filter((r) => !/^(accepted|superseded)/i.test(r.status!)).map((r) => `${r.file}: ${r.status}`)).toEqual([]);
  });

  it("a superseded record names a successor that exists", () => {
    const numbers = new Set(records.map((r) => r.number));
    expect(records.flatMap((r) => r.successors.filter((n) => !numbers.has(n)).map((n) => `${r.file} → ${n}`))).toEqual([]);
  });

  it("numbers are unique", () => {
    const seen = records.map((r) => r.number);
    expect(seen.filter((n, i) => seen.indexOf(n) !== i)).toEqual([]);
  });

  it("the index is the one dev/decisions.ts makes (npx tsx dev/decisions.ts)", () => {
    expect(readFileSync(join(DECISIONS_DIR, INDEX_FILE), "utf8")).toBe(renderIndex(records));
  });

  it("reads a record's header and its successors", () => {
    const r = readDecision("163-fair-use.md", "# 163 — Fair use\n\nDate: 2026-11-25\nStatus: superseded by 296 (issue 45)\n\nText.");
    expect(r).toEqual({
      file: "163-fair-use.md",
      number: "163",
      title: "Fair use",
      date: "2026-11-25",
      status: "superseded by 296 (issue 45)",
      successors: ["296"],
    });
    expect(readDecision("001-x.md", "# 001: X\n\nText without a header.").status).toBeNull();
  });
});
