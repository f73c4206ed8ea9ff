/**
 * The catalogue's git merge driver (dev/merge-json-catalogue.mjs), run as git runs it on three files: the union of
 * both sides' keys, ours winning where both changed one, a key either side removed gone, and the file written in
 * the layout Prettier gives it, so a merge needs no reformatting commit.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { check, resolveConfig } from "prettier";

const dir = mkdtempSync(join(tmpdir(), "merge-catalogue-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plural = (one: string, other: string) => [
  {
    declarations: ["input count", "local countPlural = count: plural"],
    selectors: ["countPlural"],
    match: { "countPlural=one": one, "countPlural=other": other },
  },
];

it("merges both sides' keys, ours winning on a conflict, and writes Prettier's layout", async () => {
  const files = { base: join(dir, "base"), ours: join(dir, ".merge_file_ours"), theirs: join(dir, "theirs") };
  const write = (file: string, data: object) => writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  write(files.base, { a_kept: "A", b_changed: "B", c_removed_by_them: "C" });
  write(files.ours, { a_kept: "A", b_changed: "B ours", c_removed_by_them: "C", d_ours: "D" });
  write(files.theirs, { a_kept: "A", b_changed: "B theirs", e_theirs: plural("{count} row", "{count} rows") });

  execFileSync("node", ["dev/merge-json-catalogue.mjs", files.base, files.ours, files.theirs]);

  const merged = readFileSync(files.ours, "utf8");
  expect(JSON.parse(merged)).toEqual({ a_kept: "A", b_changed: "B ours", d_ours: "D", e_theirs: plural("{count} row", "{count} rows") });
  // short arrays on one line, as Prettier prints them (JSON.stringify would put each item on a line of its own)
  expect(merged).toContain('"declarations": ["input count", "local countPlural = count: plural"],');
  const options = { ...(await resolveConfig("copy/messages/catalogue.json")), parser: "json" };
  expect(await check(merged, options)).toBe(true);
});
