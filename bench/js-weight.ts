/**
 * The JavaScript a public page loads, gzipped: its entry script and every chunk it imports statically,
 * plus the page's own lazy chunk (prerendered pages hydrate it at once). A benchmark: it prints figures.
 *   npm run build && npx tsx bench/js-weight.ts
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "../web/dist");
const assets = join(dist, "assets");
const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;

/** Static imports of a chunk (`import … from "./x.js"` and bare `import "./x.js"`), transitively. */
function closure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(assets, start), "utf8");
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) closure(m[1]!, seen);
  return seen;
}

const pages: [string, string, string | null][] = [
  ["/", "index.html", "home-"],
  ["/services/actor-headshots", "services/actor-headshots.html", "service-"],
  ["/privacy-policy", "privacy-policy.html", "policy-"],
];
for (const [path, html, lazyPrefix] of pages) {
  const entry = readFileSync(join(dist, html), "utf8").match(/src="\/assets\/([^"]+\.js)"/)![1]!;
  const set = closure(entry);
  const lazy = lazyPrefix ? files.find((f) => f.startsWith(lazyPrefix)) : undefined;
  if (lazy) closure(lazy, set);
  const total = [...set].reduce((n, f) => n + gz(f), 0);
  console.log(`${path.padEnd(28)} ${(total / 1024).toFixed(1)} KiB (${(total / 1000).toFixed(1)} kB) gzipped in ${set.size} files`);
}
