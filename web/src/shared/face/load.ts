/** The one way to reach the face model: a lazy chunk (./model.ts and face-api), loaded once. */
export type FaceModel = typeof import("./model");

let model: Promise<FaceModel> | null = null;

export function loadFaceModel(): Promise<FaceModel> {
  model ??= import("./model").catch((err: unknown) => {
    model = null; // a failed chunk download may be retried
    throw err;
  });
  return model;
}
