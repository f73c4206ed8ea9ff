/**
 * Phone-like photos made from the real portraits (e2e/fixtures/faces, issue 34): what a phone's camera
 * writes, so tests and journeys upload what people upload. Each is a 4032×3024 JPEG of 2–5 MB with
 * sensor grain, stored sideways with EXIF Orientation 6 (the camera held upright: a viewer turns it 90°
 * clockwise, so it shows 3024×4032 portrait), and the camera and GPS tags a phone writes.
 *
 * Deterministic (a seeded grain, sharp's encoder), and cached under node_modules/.cache/phone-photos
 * (a few MB each: generated, never committed). Node only: worker tests get them from the globalSetup
 * (dev/test-setup.ts serves the cache), journeys and benches read the files.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/** The stored (sensor) size; the photo shows upright as PHONE_PHOTO_HEIGHT × PHONE_PHOTO_WIDTH. */
export const PHONE_PHOTO_WIDTH = 4032;
export const PHONE_PHOTO_HEIGHT = 3024;
/** EXIF Orientation 6: "rotate 90° clockwise to display". */
export const PHONE_ORIENTATION = 6;
/** Tags that must never survive an upload (the GPS latitude's text and the camera's serial number). */
export const PHONE_SECRETS = ["47/1 22/1 3692/100", "PHONE-SERIAL-5F3A9C"] as const;

export const PHONE_PHOTOS = {
  /** The astronaut, frontal: the first photo of a shoot. */
  astronaut: { face: "astronaut.jpg", seed: 1, crop: 0 },
  /** The same person, another frame (shifted, other grain): a shoot's further photo. */
  "astronaut-2": { face: "astronaut.jpg", seed: 2, crop: 1 },
  /** A different person, in profile (issue 35's unchecked extra photo). */
  camera: { face: "camera.jpg", seed: 3, crop: 0 },
} as const;
export type PhoneName = keyof typeof PHONE_PHOTOS;

const CACHE = fileURLToPath(new URL("../node_modules/.cache/phone-photos/", import.meta.url));
/** Bump when the recipe changes, so a stale cache is never read. */
const VERSION = 1;

export const phonePhotoPath = (name: PhoneName) => `${CACHE}${name}-v${VERSION}.jpg`;

/** A small PRNG (mulberry32): the same grain on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function make(name: PhoneName): Promise<Buffer> {
  const { face, seed, crop } = PHONE_PHOTOS[name];
  const source = readFileSync(new URL(`./fixtures/faces/${face}`, import.meta.url));
  // Upright: 3024 wide × 4032 tall, the portrait scaled to cover it (the face ~30% of the width, as in a selfie).
  const upW = PHONE_PHOTO_HEIGHT;
  const upH = PHONE_PHOTO_WIDTH;
  const scaled = await sharp(source)
    .resize(upH, upH)
    .extract({ left: (upH - upW) / 2 + crop * 160, top: 0, width: upW, height: upH })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = scaled.data;
  const channels = scaled.info.channels;
  // Sensor grain: luminance noise shared by the channels plus a little chroma noise per channel.
  const next = random(seed);
  for (let i = 0; i < px.length; i += channels) {
    const luma = (next() + next() + next() - 1.5) * 18;
    for (let c = 0; c < channels; c++) px[i + c] = Math.max(0, Math.min(255, px[i + c]! + luma + (next() - 0.5) * 8));
  }
  return sharp(px, { raw: { width: upW, height: upH, channels } })
    .rotate(270) // stored sideways, as the sensor saw it; Orientation 6 turns it back
    .jpeg({ quality: 90, chromaSubsampling: "4:2:0" })
    .withExif({
      IFD0: {
        Make: "Apple",
        Model: "iPhone 15",
        Software: "17.5.1",
        DateTime: "2026:06:14 10:21:07",
      },
      IFD2: { BodySerialNumber: PHONE_SECRETS[1], LensModel: "iPhone 15 back camera 6.86mm f/1.6", ISOSpeedRatings: "64" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: PHONE_SECRETS[0], GPSLongitudeRef: "E", GPSLongitude: "8/1 32/1 4210/100" },
    })
    .withMetadata({ orientation: PHONE_ORIENTATION })
    .toBuffer();
}

/** The named phone photo's bytes (made once, then read from the cache). */
export async function phonePhoto(name: PhoneName): Promise<Buffer> {
  const path = phonePhotoPath(name);
  if (existsSync(path)) return readFileSync(path);
  const bytes = await make(name);
  mkdirSync(CACHE, { recursive: true });
  const partial = `${path}.${process.pid}.part`;
  writeFileSync(partial, bytes);
  renameSync(partial, path); // whole or absent, even with parallel makers
  return bytes;
}

/** Every phone photo, made if needed; their paths by name (the worker tests' globalSetup serves these). */
export async function makePhonePhotos(): Promise<Record<PhoneName, string>> {
  const names = Object.keys(PHONE_PHOTOS) as PhoneName[];
  for (const n of names) await phonePhoto(n);
  return Object.fromEntries(names.map((n) => [n, phonePhotoPath(n)])) as Record<PhoneName, string>;
}
