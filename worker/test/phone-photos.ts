/**
 * The phone photos (e2e/phone-photos.ts: 4032×3024 JPEGs of 2–5 MB, EXIF orientation 6, GPS and camera
 * tags) inside workerd: the globalSetup makes them with sharp and serves them (dev/phone-photo-server.ts).
 */
import { inject } from "vitest";
import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where dev/test-setup.ts serves them. */
    phonePhotosUrl: string;
  }
}

/** The names e2e/phone-photos.ts makes (PHONE_PHOTOS). */
type PhoneName = "astronaut" | "astronaut-2" | "camera";

async function served(path: string): Promise<Uint8Array> {
  const res = await fetch(`${inject("phonePhotosUrl")}/${path}`);
  if (!res.ok) throw new Error(`phone photo ${path}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The named phone photo, as the phone wrote it. */
export const phonePhoto = (name: PhoneName) => served(`${name}.jpg`);

/**
 * How far `stored` (any photo) is from the phone photo seen upright: the mean absolute difference of
 * their RGB at 48×64, 0–255. The same picture scores a few units; turned or mirrored, tens.
 */
export async function distanceFromUpright(stored: Uint8Array, name: PhoneName): Promise<number> {
  const expected = PhotonImage.new_from_byteslice(await served(`${name}.upright.png`));
  const image = PhotonImage.new_from_byteslice(stored);
  const small = resize(image, expected.get_width(), expected.get_height(), SamplingFilter.Triangle);
  try {
    const a = small.get_raw_pixels();
    const b = expected.get_raw_pixels();
    let sum = 0;
    for (let i = 0; i < a.length; i += 4) for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
    return sum / ((a.length / 4) * 3);
  } finally {
    small.free();
    image.free();
    expected.free();
  }
}
