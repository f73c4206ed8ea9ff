// Node (benchmarks, Node-side tests): the same WASM file, compiled from its bytes. (Workers' types
// leave out WebAssembly.compile, since workerd refuses it; Node has it.)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url).href);
const { compile } = WebAssembly as unknown as { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
export default await compile(readFileSync(here("simd.wasm")));
