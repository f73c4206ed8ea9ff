// Workers cannot compile WASM from bytes at run time: the module is imported and bundled by wrangler.
import module from "./simd.wasm";
export default module;
