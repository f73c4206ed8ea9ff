/**
 * The downloads' WASM SIMD loops (simd.wat) and their one memory. The module comes from
 * `#downloads-simd-wasm`: imported as a module in workerd (which cannot compile WASM from bytes), read
 * from disk and compiled in Node. The memory only grows, and keeps its largest size for the isolate's
 * life (bench/downloads.ts prints it).
 */
import wasm from "#downloads-simd-wasm";

export interface Simd {
  memory: WebAssembly.Memory;
  vertical(src: number, stride: number, n: number, w: number, dst: number, span: number): void;
  horizontal(src: number, dst: number, width: number, start: number, wv: number, pairs: number): void;
  expand(src: number, dst: number, width: number): void;
  averageFilter(cur: number, prev: number, dst: number, width: number, bpp: number): void;
  subFilter(cur: number, dst: number, width: number, inBpp: number, outBpp: number): void;
  averageUnfilter(cur: number, prev: number, dst: number, width: number, bpp: number): void;
}

let instance: Simd | undefined;

/** The loops, with at least `bytes` of memory: views of `memory.buffer` taken before this call are stale. */
export function simd(bytes: number): Simd {
  instance ??= new WebAssembly.Instance(wasm, {}).exports as unknown as Simd;
  const missing = bytes - instance.memory.buffer.byteLength;
  if (missing > 0) instance.memory.grow(Math.ceil(missing / 65536));
  return instance;
}

/** Bytes of the loops' WASM memory (0 before their first use). */
export const simdMemoryBytes = () => instance?.memory.buffer.byteLength ?? 0;

/** Rounds up to a multiple of 16 (one v128). */
export const align16 = (n: number) => (n + 15) & ~15;
