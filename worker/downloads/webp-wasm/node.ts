// Node (benchmarks, Node-side tests): the same WASM file, compiled from its bytes. (Workers' types
// leave out WebAssembly.compile, since workerd refuses it; Node has it.)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const path = createRequire(import.meta.url).resolve("@jsquash/webp/codec/enc/webp_enc_simd.wasm");
const { compile } = WebAssembly as unknown as { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
export default await compile(readFileSync(path));
