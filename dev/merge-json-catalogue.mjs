// A git merge driver for copy/messages/*/*.json (lead's convenience, not used by the product): the union of
// both sides' keys, ours winning where both changed one key, written in Prettier's layout (the repository's
// .prettierrc), so `npm run format:check` passes on a merge without a reformatting commit. Configure once per clone:
//   git config merge.catalogue.driver "node dev/merge-json-catalogue.mjs %O %A %B"
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
const [, , base, ours, theirs] = process.argv;
const read = (f) => JSON.parse(readFileSync(f, "utf8") || "{}");
const o = read(base),
  a = read(ours),
  b = read(theirs);
const out = { ...a };
for (const [k, v] of Object.entries(b)) {
  const changedByUs = JSON.stringify(a[k]) !== JSON.stringify(o[k]);
  if (!(k in a) || !changedByUs) out[k] = v;
}
for (const k of Object.keys(o)) if (!(k in a) || !(k in b)) delete out[k];
const json = JSON.stringify(Object.fromEntries(Object.entries(out).sort(([x], [y]) => x.localeCompare(y))), null, 2);
// git hands the driver temporary files (%A is .merge_file_…): the options are the catalogue's, read from where it lives.
const catalogue = fileURLToPath(new URL("../copy/messages/catalogue.json", import.meta.url));
writeFileSync(ours, await format(json, { ...(await resolveConfig(catalogue)), parser: "json" }));
