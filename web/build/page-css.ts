/**
 * A public page's own stylesheet (decision 151): Tailwind's output for web/src/index.css with only the
 * classes that page's HTML names, instead of the whole app's. The same compiler and optimizer the Vite
 * plugin runs (`@tailwindcss/node`), so every rule it keeps is byte for byte the whole stylesheet's rule;
 * index.css's own rules (the consent banner, the signed-in hint, the base layer) are always kept, and with
 * them what the page's scripts switch by class before React (boot-script.ts, consent.ts). An island renders
 * classes of its own once awake: it loads the whole stylesheet before it hydrates (public/wake.ts).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile, optimize } from "@tailwindcss/node";
import { decodeHTMLAttribute } from "entities";

const src = join(dirname(fileURLToPath(import.meta.url)), "../src");
const source = readFileSync(join(src, "index.css"), "utf8");

/**
 * Every class the page's elements carry, as written in their `class` attributes (React writes them
 * double-quoted, `&` and quotes escaped: `[&amp;_svg]:size-4` is the class `[&_svg]:size-4`).
 */
export const classesIn = (html: string) => [
  ...new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => decodeHTMLAttribute(m[1]!).split(/\s+/).filter(Boolean))),
];

/** The minified stylesheet for a page of this HTML. */
export async function pageStylesheet(html: string): Promise<string> {
  // A compiler per page: `build` adds to what earlier calls built.
  const compiler = await compile(source, { base: src, onDependency: () => undefined });
  return optimize(compiler.build(classesIn(html)), { minify: true }).code;
}
