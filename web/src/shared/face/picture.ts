/**
 * A photo decoded for the face model: drawn upright (EXIF orientation applied, as the browser shows it)
 * onto a canvas at most `maxSide` pixels on its longer side, with its original size for absolute limits.
 */
export interface Picture {
  canvas: HTMLCanvasElement;
  /** The photo's own size in pixels. */
  width: number;
  height: number;
  /** Original pixels per canvas pixel (1 when the photo was small enough). */
  scale: number;
}

export async function decodePicture(source: Blob | string, maxSide = 1024): Promise<Picture> {
  const blob = typeof source === "string" ? await fetchImage(source) : source;
  const bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.max(1, Math.max(bitmap.width, bitmap.height) / maxSide);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width / scale);
    canvas.height = Math.round(bitmap.height / scale);
    const g = canvas.getContext("2d", { willReadFrequently: true });
    if (!g) throw new Error("No 2D canvas in this browser");
    g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return { canvas, width: bitmap.width, height: bitmap.height, scale };
  } finally {
    bitmap.close();
  }
}

async function fetchImage(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Could not load the image (${res.status})`);
  return res.blob();
}
