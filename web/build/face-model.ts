/**
 * The face model's files, served from our own origin (docs/decisions/115-face-model.md): the weights that
 * ship in @vladmandic/face-api and the WebAssembly backend of the TensorFlow.js build bundled inside it,
 * emitted into web/dist/assets/face-model/<version>/ by vite (so `/assets/*` caching applies, and a new
 * version gets new URLs). Nothing loads them until the upload step or a result is shown.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(join(packageDir(name), "package.json"), "utf8")) as { version: string }).version;

/** The three networks we use: the tiny face detector, the 68-point landmarks and the face descriptor. */
export const FACE_NETS = ["tiny_face_detector_model", "face_landmark_68_model", "face_recognition_model"] as const;
/** The WebAssembly builds tfjs picks from (no threads: the site is not cross-origin isolated). */
export const WASM_FILES = ["tfjs-backend-wasm.wasm", "tfjs-backend-wasm-simd.wasm"] as const;

/** Where the files are served: `/assets/face-model/<face-api version>/`. */
export const faceModelBase = () => `/assets/face-model/${versionOf("@vladmandic/face-api")}/`;

/** The tfjs-backend-wasm version bundled inside face-api (its dist/tfjs.version.js, minified). */
function bundledWasmBackendVersion(faceApi: string): string | undefined {
  const text = readFileSync(join(faceApi, "dist/tfjs.version.js"), "utf8");
  const variable = /"tfjs-backend-wasm":(\w+)/.exec(text)?.[1];
  return variable ? new RegExp(`var ${variable}="([^"]+)"`).exec(text)?.[1] : undefined;
}

/** Every file with its bytes, after checking the WebAssembly matches the JavaScript face-api bundles. */
export function faceModelFiles(): { name: string; bytes: Buffer }[] {
  const faceApi = packageDir("@vladmandic/face-api");
  const wasm = packageDir("@tensorflow/tfjs-backend-wasm");
  const bundled = bundledWasmBackendVersion(faceApi);
  const installed = versionOf("@tensorflow/tfjs-backend-wasm");
  if (bundled !== installed) {
    throw new Error(`@tensorflow/tfjs-backend-wasm must be ${bundled} (the version inside @vladmandic/face-api), not ${installed}`);
  }
  const files: { name: string; bytes: Buffer }[] = [];
  for (const net of FACE_NETS) {
    const manifestName = `${net}-weights_manifest.json`;
    const manifest = readFileSync(join(faceApi, "model", manifestName));
    files.push({ name: manifestName, bytes: manifest });
    const groups = JSON.parse(manifest.toString()) as { paths: string[] }[];
    for (const path of groups.flatMap((g) => g.paths)) files.push({ name: path, bytes: readFileSync(join(faceApi, "model", path)) });
  }
  for (const name of WASM_FILES) files.push({ name, bytes: readFileSync(join(wasm, "dist", name)) });
  return files;
}

/** Vite plugin: emits the files with the client build (not the prerender's SSR build). */
export function faceModelAssets(): Plugin {
  return {
    name: "headshot:face-model",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle() {
      const base = faceModelBase().slice(1);
      for (const f of faceModelFiles()) this.emitFile({ type: "asset", fileName: `${base}${f.name}`, source: f.bytes });
    },
  };
}
