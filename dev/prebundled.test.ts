import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PREBUNDLED } from "./prebundled";

/** Loaded as they are: WebAssembly packages (the C2PA reader of worker/test/c2pa-reader.ts too), and a Node build script's compiler (worker/downloads/simd/build.ts). */
const AS_THEY_ARE = [/^@cf-wasm\//, /^@jsquash\//, /^@contentauth\/c2pa-wasm/, /^wabt$/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [join(dir, e.name)] : [],
  );
}

/** Every package entry named in an import of the code workerd runs in the worker tests. */
function importedPackages(): Set<string> {
  const files = [...sources("worker"), ...sources("domain"), "db/index.ts", "db/schema.ts"];
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const specs = [
      ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"\n]+)"/gm), // import … from "x", export … from "x"
      ...text.matchAll(/^\s*import\s+"([^"\n]+)"/gm), // import "x"
      ...text.matchAll(/\bimport\(\s*"([^"\n]+)"\s*\)/g), // import("x")
    ].map((m) => m[1]!);
    for (const spec of specs) if (!/^(\.|\/|#|node:|cloudflare:)/.test(spec) && spec !== "vitest") found.add(spec);
  }
  return found;
}

it("the worker tests pre-bundle every package entry the worker imports, and list nothing it does not", () => {
  const imported = importedPackages();
  const unlisted = [...imported].filter((spec) => !PREBUNDLED.includes(spec) && !AS_THEY_ARE.some((re) => re.test(spec)));
  expect(unlisted).toEqual([]);
  // @sentry/cloudflare, @neondatabase/serverless and @google/genai are imported too; a stale entry would only cost a bundle
  expect(PREBUNDLED.filter((spec) => !imported.has(spec))).toEqual([]);
});
