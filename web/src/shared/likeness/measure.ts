import { loadFaceModel } from "@/shared/face/load";
import { decodePicture } from "@/shared/face/picture";
import { likenessPercent } from "./likeness";

/**
 * Compares the largest face in one picture with the largest face in another, in the browser: the uploaded
 * photo with the result, or a shoot's first photo with a further one (issue 35). Each is a URL or a file.
 * Null when the model finds no face in one of them (nothing to compare).
 */
export async function measureLikeness(original: Blob | string, other: Blob | string): Promise<number | null> {
  const model = await loadFaceModel();
  const [a0, b0] = await Promise.all([decodePicture(original), decodePicture(other)]);
  const a = await model.describeLargestFace(a0.canvas);
  const b = a && (await model.describeLargestFace(b0.canvas));
  return a && b ? likenessPercent(model.descriptorDistance(a, b)) : null;
}
