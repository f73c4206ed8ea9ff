/**
 * Builds simd.wasm from simd.wat with wabt (SIMD on):  npx tsx worker/downloads/simd/build.ts
 * bench/downloads-resize.test.ts checks that the committed simd.wasm is what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import wabt from "wabt";

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url).href);

export async function buildSimdWasm(): Promise<Uint8Array> {
  const w = await wabt();
  const source = readFileSync(here("simd.wat"), "utf8");
  const mod = w.parseWat("simd.wat", source, { simd: true });
  try {
    return mod.toBinary({}).buffer;
  } finally {
    mod.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(here("simd.wasm"), await buildSimdWasm());
}
