/**
 * What the photo check measures in the browser (docs/decisions/116-photo-check.md): the faces the model
 * finds, and for the largest its size, sharpness, light, pose and eyes from its pixels and 68 landmarks.
 * ./verdicts.ts turns these into verdicts.
 */
import type { Box, FoundFace, Point } from "@/shared/face/model";
import { loadFaceModel } from "@/shared/face/load";
import { decodePicture, type Picture } from "@/shared/face/picture";
import type { FaceMeasure, PhotoMeasure } from "./verdicts";

interface Luma {
  mean: number;
  sharpness: number;
  clipped: number;
}

/** Brightness statistics of `box`, resampled to `width` pixels wide (the same scale whatever the photo's size). */
export function lumaStats(canvas: HTMLCanvasElement, box: Box, width: number): Luma {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const w = Math.min(canvas.width, box.x + box.width) - x;
  const h = Math.min(canvas.height, box.y + box.height) - y;
  if (w < 1 || h < 1) return { mean: 0, sharpness: 0, clipped: 0 };
  const W = width;
  const H = Math.max(3, Math.round((h * W) / w));
  const sample = document.createElement("canvas");
  sample.width = W;
  sample.height = H;
  const g = sample.getContext("2d", { willReadFrequently: true })!;
  g.drawImage(canvas, x, y, w, h, 0, 0, W, H);
  const rgba = g.getImageData(0, 0, W, H).data;
  const luma = new Float32Array(W * H);
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < luma.length; i++) {
    const v = 0.2126 * rgba[i * 4]! + 0.7152 * rgba[i * 4 + 1]! + 0.0722 * rgba[i * 4 + 2]!;
    luma[i] = v;
    sum += v;
    if (v > 245) clipped++;
  }
  const mean = sum / luma.length;
  let variance = 0;
  for (const v of luma) variance += (v - mean) ** 2;
  variance /= luma.length;
  // variance of the Laplacian (fine detail), relative to the contrast so a dark photo is not called blurred
  let n = 0;
  let s1 = 0;
  let s2 = 0;
  for (let r = 1; r < H - 1; r++) {
    for (let c = 1; c < W - 1; c++) {
      const i = r * W + c;
      const lap = 4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - W]! - luma[i + W]!;
      s1 += lap;
      s2 += lap * lap;
      n++;
    }
  }
  const lapVariance = n > 0 ? s2 / n - (s1 / n) ** 2 : 0;
  return { mean, sharpness: variance > 0 ? (lapVariance / variance) * 100 : 0, clipped: clipped / luma.length };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const centre = (eye: Point[]): Point => ({ x: (eye[0]!.x + eye[3]!.x) / 2, y: (eye[0]!.y + eye[3]!.y) / 2 });

/** Eye aspect ratio over the six landmarks of one eye (corner, two top, corner, two bottom). */
const openness = (e: Point[]) => (distance(e[1]!, e[5]!) + distance(e[2]!, e[4]!)) / (2 * distance(e[0]!, e[3]!));

/** The box around one eye's landmarks, a little taller than the lids. */
function eyeBox(e: Point[]): Box {
  const xs = e.map((p) => p.x);
  const ys = e.map((p) => p.y);
  const width = Math.max(...xs) - Math.min(...xs);
  return { x: Math.min(...xs), y: Math.min(...ys) - width * 0.1, width, height: Math.max(...ys) - Math.min(...ys) + width * 0.2 };
}

export function measureFace(picture: Picture, face: FoundFace): FaceMeasure {
  const { canvas } = picture;
  const p = face.landmarks;
  const left = p.slice(36, 42);
  const right = p.slice(42, 48);
  const l = centre(left);
  const r = centre(right);
  const roll = Math.atan2(r.y - l.y, r.x - l.x);
  const between: Point = { x: (l.x + r.x) / 2, y: (l.y + r.y) / 2 };
  const nose = p[30]!;
  // the nose tip's offset along the eye line, so a tilted head is not read as turned
  const yaw = ((nose.x - between.x) * Math.cos(roll) + (nose.y - between.y) * Math.sin(roll)) / distance(l, r);
  const skin = lumaStats(canvas, face.box, 128);
  const eye = (e: Point[]) => (skin.mean > 0 ? lumaStats(canvas, eyeBox(e), 32).mean / skin.mean : 1);
  return {
    share: face.box.width / Math.min(canvas.width, canvas.height),
    widthPx: face.box.width * picture.scale,
    sharpness: skin.sharpness,
    brightness: skin.mean,
    clipped: skin.clipped,
    yaw,
    roll: (roll * 180) / Math.PI,
    eyeOpenness: [openness(left), openness(right)],
    eyeBrightness: [eye(left), eye(right)],
  };
}

type FaceModel = Awaited<ReturnType<typeof loadFaceModel>>;

/**
 * A third look when the whole picture shows no face (issue 46 item 11): a face a few percent of the photo's
 * width is below what the detector sees in the whole picture, so it looks again at nine overlapping tiles of
 * half the picture's size (3 × 3, half a tile apart), each at the finer input size: such a face is then about
 * twice as large to the detector. Faces are mapped back to the picture; one seen in two tiles is kept once.
 */
async function findSmallFaces(model: FaceModel, canvas: HTMLCanvasElement): Promise<FoundFace[]> {
  const tw = Math.ceil(canvas.width / 2);
  const th = Math.ceil(canvas.height / 2);
  const tile = document.createElement("canvas");
  tile.width = tw;
  tile.height = th;
  const g = tile.getContext("2d", { willReadFrequently: true })!;
  const found: FoundFace[] = [];
  for (const y of [0, Math.floor(th / 2), canvas.height - th]) {
    for (const x of [0, Math.floor(tw / 2), canvas.width - tw]) {
      g.drawImage(canvas, x, y, tw, th, 0, 0, tw, th);
      for (const f of await model.findFaces(tile, 608)) {
        const box = { ...f.box, x: f.box.x + x, y: f.box.y + y };
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        const seen = found.some((o) => cx > o.box.x && cx < o.box.x + o.box.width && cy > o.box.y && cy < o.box.y + o.box.height);
        if (!seen) found.push({ ...f, box, landmarks: f.landmarks.map((p) => ({ x: p.x + x, y: p.y + y })) });
      }
    }
  }
  return found.sort((a, b) => b.box.width - a.box.width);
}

/**
 * Decodes the photo, finds its faces (a second, finer look when the first finds none, then tiles for a small
 * face) and measures them; and the whole photo's light and sharpness, for when there is still no face.
 */
export async function measurePhoto(photo: Blob): Promise<PhotoMeasure> {
  const [model, picture] = await Promise.all([loadFaceModel(), decodePicture(photo)]);
  let faces = await model.findFaces(picture.canvas, 416);
  if (faces.length === 0) faces = await model.findFaces(picture.canvas, 608);
  if (faces.length === 0) faces = await findSmallFaces(model, picture.canvas);
  const whole = lumaStats(picture.canvas, { x: 0, y: 0, width: picture.canvas.width, height: picture.canvas.height }, 256);
  return {
    faces: faces.map((f) => measureFace(picture, f)),
    brightness: whole.mean,
    clipped: whole.clipped,
    sharpness: whole.sharpness,
  };
}
