import { loadFaceModel } from "@/shared/face/load";
import { decodePicture } from "@/shared/face/picture";
import { likenessPercent } from "./likeness";

/**
 * Compares the largest face in the uploaded photo with the largest face in the result, in the browser.
 * Null when the model finds no face in one of them (nothing to compare).
 */
export async function measureLikeness(originalUrl: string, resultUrl: string): Promise<number | null> {
  const model = await loadFaceModel();
  const [original, result] = await Promise.all([decodePicture(originalUrl), decodePicture(resultUrl)]);
  const a = await model.describeLargestFace(original.canvas);
  const b = a && (await model.describeLargestFace(result.canvas));
  return a && b ? likenessPercent(model.descriptorDistance(a, b)) : null;
}
