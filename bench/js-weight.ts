/**
 * The JavaScript a public page loads, gzipped (level 9), in two parts (decision 120):
 * - before any interaction: the first script (inline in the page) and the entry script with every chunk it
 *   imports statically (the entry holds clicks, handles the consent banner and sends the PageView; no
 *   framework code);
 * - when the header wakes (a signed-in visitor opening a menu, or Sign Out; a signed-out visitor's menus are popovers that load none, decision 181): the islands chunk and what it imports statically
 *   (React, react-dom, the header), less what was already loaded.
 * Chunks the signed-in app loads (it is a separate bundle behind the entry's dynamic import) are not counted.
 * A benchmark: it prints figures.
 *   npm run build && npx tsx bench/js-weight.ts
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "../web/dist");
const assets = join(dist, "assets");
const islands = readdirSync(assets).find((f) => f.startsWith("islands-") && f.endsWith(".js"));
if (!islands) throw new Error("no islands chunk in web/dist/assets: run npm run build");
const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
const gzFile = (f: string) => gz(readFileSync(join(assets, f)));

/** Static imports of a chunk (`import … from "./x.js"` and bare `import "./x.js"`), transitively. */
function closure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(assets, start), "utf8");
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) closure(m[1]!, seen);
  return seen;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB (${(n / 1000).toFixed(1)} kB)`;
const pages: [string, string][] = [
  ["/", "index.html"],
  ["/services/actor-headshots", "services/actor-headshots.html"],
  ["/privacy-policy", "privacy-policy.html"],
  ["/no-such-page", "404.html"],
  // the other languages' pages (issue 50): no more script than the English ones
  ["/de/", "de/index.html"],
  ["/fr/services/actor-headshots", "fr/services/actor-headshots.html"],
  ["/de/privacy-policy", "de/privacy-policy.html"],
];
for (const [path, file] of pages) {
  const html = readFileSync(join(dist, file), "utf8");
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
  const entry = html.match(/<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/)![1]!;
  const before = closure(entry);
  const beforeBytes = gz(inline) + [...before].reduce((n, f) => n + gzFile(f), 0);
  const woken = [...closure(islands)].filter((f) => !before.has(f));
  const wokenBytes = woken.reduce((n, f) => n + gzFile(f), 0);
  console.log(
    `${path.padEnd(28)} before any interaction ${kib(beforeBytes)} (inline first script + ${before.size} files); ` +
      `when a signed-in header wakes +${kib(wokenBytes)} in ${woken.length} files`,
  );
}
