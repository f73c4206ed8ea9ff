/**
 * The JavaScript a public page loads, gzipped: its entry script, the islands chunk the entry imports once
 * the page has painted (decision 071; the page's own content is server HTML and loads no code), and every
 * chunk those import statically. Chunks loaded only for a signed-in visitor (the Account menu) or by the
 * signed-in app are not counted. A benchmark: it prints figures.
 *   npm run build && npx tsx bench/js-weight.ts
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "../web/dist");
const assets = join(dist, "assets");
const islands = readdirSync(assets).find((f) => f.startsWith("islands-") && f.endsWith(".js"));
if (!islands) throw new Error("no islands chunk in web/dist/assets: run npm run build");
const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;

/** Static imports of a chunk (`import … from "./x.js"` and bare `import "./x.js"`), transitively. */
function closure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(assets, start), "utf8");
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) closure(m[1]!, seen);
  return seen;
}

const pages: [string, string][] = [
  ["/", "index.html"],
  ["/services/actor-headshots", "services/actor-headshots.html"],
  ["/privacy-policy", "privacy-policy.html"],
];
for (const [path, html] of pages) {
  const entry = readFileSync(join(dist, html), "utf8").match(/src="\/assets\/([^"]+\.js)"/)![1]!;
  const set = closure(islands, closure(entry));
  const total = [...set].reduce((n, f) => n + gz(f), 0);
  console.log(`${path.padEnd(28)} ${(total / 1024).toFixed(1)} KiB (${(total / 1000).toFixed(1)} kB) gzipped in ${set.size} files`);
}
