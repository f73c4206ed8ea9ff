/**
 * The face model (docs/decisions/115-face-model.md): @vladmandic/face-api on TensorFlow.js's WebAssembly
 * backend, its weights and WebAssembly served from our own origin (web/build/face-model.ts). This module
 * is the only importer of face-api, and it is itself only loaded through `loadFaceModel()` (./load.ts), so
 * the library is a lazy chunk: the upload step and the result view load it, no other page does.
 *
 * Two parts load separately: the detector (tiny face detector + 68 landmarks, ~0.55 MB of weights) for the
 * photo check, and the descriptor network (~6.4 MB) for the likeness, only when a result is shown.
 */
import * as faceapi from "@vladmandic/face-api";

export interface Point {
  x: number;
  y: number;
}
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** One face in the picture's own pixels: its box, the detector's confidence, and 68 landmarks. */
export interface FoundFace {
  box: Box;
  score: number;
  landmarks: Point[];
}

/** The part of tfjs (bundled in face-api) its typings leave out. */
const tfjs = faceapi.tf as unknown as {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
};

let backendReady: Promise<void> | null = null;
const loaded = new Map<string, Promise<void>>();

/**
 * Whether this page may compile WebAssembly (a CSP without 'wasm-unsafe-eval' forbids it, and tfjs's
 * WebAssembly backend then never becomes ready instead of failing): an 8-byte empty module.
 */
function canCompileWasm(): boolean {
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return true;
  } catch {
    return false;
  }
}

/** WebAssembly when the browser can (several times faster than plain JavaScript here); otherwise plain JavaScript. */
function backend(): Promise<void> {
  backendReady ??= (async () => {
    tfjs.setWasmPaths(__FACE_MODEL_BASE__);
    const wasm = canCompileWasm() && (await tfjs.setBackend("wasm").catch(() => false));
    if (!wasm) await tfjs.setBackend("cpu");
    await tfjs.ready();
  })();
  return backendReady;
}

function load(net: faceapi.NeuralNetwork<unknown>, name: string): Promise<void> {
  let p = loaded.get(name);
  if (!p) {
    p = net.loadFromUri(__FACE_MODEL_BASE__).catch((err: unknown) => {
      loaded.delete(name); // a failed download may be retried
      throw err;
    });
    loaded.set(name, p);
  }
  return p;
}

/** Loads what the photo check needs; call it early (the upload step) so the verdict comes sooner. */
export async function prepareDetector(): Promise<void> {
  await backend();
  await Promise.all([load(faceapi.nets.tinyFaceDetector, "detector"), load(faceapi.nets.faceLandmark68Net, "landmarks")]);
}

export async function prepareDescriptor(): Promise<void> {
  await prepareDetector();
  await load(faceapi.nets.faceRecognitionNet, "descriptor");
}

const options = (inputSize: number) => new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.5 });

/**
 * Every face the detector finds, largest first. `inputSize` is the detector's square input (a multiple
 * of 32): 416 finds faces down to about a tenth of the picture, 608 smaller ones, more slowly.
 */
export async function findFaces(picture: HTMLCanvasElement, inputSize = 416): Promise<FoundFace[]> {
  await prepareDetector();
  const results = await faceapi.detectAllFaces(picture, options(inputSize)).withFaceLandmarks();
  return results
    .map((r) => ({
      box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
      score: r.detection.score,
      landmarks: r.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
    }))
    .sort((a, b) => b.box.width - a.box.width);
}

/** The descriptor (128 numbers) of the largest face in the picture, or null when there is no face. */
export async function describeLargestFace(picture: HTMLCanvasElement): Promise<Float32Array | null> {
  await prepareDescriptor();
  let results = await faceapi.detectAllFaces(picture, options(416)).withFaceLandmarks().withFaceDescriptors();
  if (results.length === 0) results = await faceapi.detectAllFaces(picture, options(608)).withFaceLandmarks().withFaceDescriptors();
  const largest = results.sort((a, b) => b.detection.box.width - a.detection.box.width)[0];
  return largest?.descriptor ?? null;
}

/** Euclidean distance between two descriptors: face-api's measure (under 0.6: the same person). */
export const descriptorDistance = (a: Float32Array, b: Float32Array) => faceapi.euclideanDistance(a, b);

/** The backend tfjs ended up on ("wasm", or "cpu" where WebAssembly is refused), for the benchmark. */
export const backendName = () => tfjs.getBackend();
