/**
 * The photo check's test photos (e2e/fixtures/faces/README.md): two real photographs, and every bad case
 * made from them with sharp — never a drawing. Used by e2e/photo-check.spec.ts, e2e/likeness.spec.ts and
 * bench/face-check.ts.
 */
import { readFileSync } from "node:fs";
import sharp, { type Sharp } from "sharp";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/faces/${name}`, import.meta.url));
/** One person, frontal, studio light: 512×512, the face about 116 px wide at (163, 76). */
export const astronaut = () => fixture("astronaut.jpg");
/** Another person, in profile behind a camera: 512×512 greyscale. */
export const camera = () => fixture("camera.jpg");

const jpeg = (image: Sharp) => image.jpeg({ quality: 90 }).toBuffer();
const grey = { r: 138, g: 143, b: 150 };
const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: grey } });

export interface PhotoCase {
  name: string;
  photo: () => Promise<Buffer>;
  /** The verdict title the check must show; null: the photo passes. */
  verdict: string | null;
}

export const GOOD_PHOTOS: PhotoCase[] = [
  { name: "the portrait", photo: async () => astronaut(), verdict: null },
  {
    name: "a head-and-shoulders crop of it",
    photo: () => jpeg(sharp(astronaut()).extract({ left: 96, top: 0, width: 320, height: 320 })),
    verdict: null,
  },
];

export const BAD_PHOTOS: PhotoCase[] = [
  {
    name: "a crop of the background (no face)",
    // upscaled past the upload minimum (MIN_UPLOAD_SIDE), which the wizard checks before the face model
    photo: async () =>
      jpeg(sharp(await sharp(astronaut()).extract({ left: 330, top: 0, width: 182, height: 260 }).toBuffer()).resize({ width: 300 })),
    verdict: "We couldn't find a face",
  },
  {
    name: "two portraits side by side",
    photo: async () =>
      jpeg(
        canvas(1024, 512).composite([
          { input: astronaut(), left: 0, top: 0 },
          { input: await sharp(astronaut()).flop().toBuffer(), left: 512, top: 0 },
        ]),
      ),
    verdict: "More than one face",
  },
  {
    // the portrait at 423 px in a 1200 px frame: the face is 8% of the photo's width
    name: "the portrait shrunk into a large frame",
    photo: async () =>
      jpeg(canvas(1200, 1200).composite([{ input: await sharp(astronaut()).resize(423).toBuffer(), left: 388, top: 260 }])),
    verdict: "Your face is too small in the photo",
  },
  {
    // issue 46: blurred past what the detector recognises as a face
    name: "the portrait badly blurred",
    photo: () => jpeg(sharp(astronaut()).blur(8)),
    verdict: "The photo is blurred",
  },
  {
    // issue 46: the portrait at 260 px in a 1600 px frame, the face about 59 px (3.7% of the width): too small for
    // the detector in the whole photo, found in its tiles
    name: "the portrait tiny in a large frame",
    photo: async () =>
      jpeg(canvas(1600, 1600).composite([{ input: await sharp(astronaut()).resize(260).toBuffer(), left: 700, top: 500 }])),
    verdict: "Your face is too small in the photo",
  },
  { name: "the portrait blurred", photo: () => jpeg(sharp(astronaut()).blur(3)), verdict: "The photo is blurred" },
  { name: "the portrait darkened", photo: () => jpeg(sharp(astronaut()).linear(0.3, 0)), verdict: "The photo is too dark" },
  { name: "the portrait over-exposed", photo: () => jpeg(sharp(astronaut()).linear(1, 170)), verdict: "The photo is too bright" },
  {
    name: "the portrait rotated 30°",
    photo: () => jpeg(sharp(astronaut()).rotate(30, { background: grey })),
    verdict: "Your face is turned away",
  },
  { name: "the other person, in profile", photo: async () => camera(), verdict: "Your face is turned away" },
  {
    // dark lenses over the eyes (at about (203, 101) and (245, 104)) of the real photograph
    name: "the portrait with dark glasses",
    photo: () =>
      jpeg(
        sharp(astronaut()).composite([
          {
            input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" fill="#151515">
          <ellipse cx="203" cy="101" rx="15" ry="10"/><ellipse cx="245" cy="104" rx="15" ry="10"/><rect x="216" y="100" width="16" height="3"/></svg>`),
          },
        ]),
      ),
    verdict: "Your eyes look closed or covered",
  },
];
