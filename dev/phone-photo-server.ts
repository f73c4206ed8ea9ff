/**
 * The phone photos (e2e/phone-photos.ts) for tests inside workerd, which cannot run sharp: made once in
 * the vitest globalSetup and served from 127.0.0.1 — `/<name>.jpg` the photo as the phone wrote it,
 * `/<name>.upright.png` a 48×64 thumbnail of how it looks upright (EXIF orientation applied by sharp),
 * for the tests that check the stored photo kept its orientation.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { makePhonePhotos, type PhoneName } from "../e2e/phone-photos";

export const UPRIGHT_THUMB = { width: 48, height: 64 };

export async function startPhonePhotoServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const paths = await makePhonePhotos();
  const files = new Map<string, { type: string; bytes: Buffer }>();
  for (const [name, path] of Object.entries(paths) as [PhoneName, string][]) {
    const bytes = readFileSync(path);
    files.set(`/${name}.jpg`, { type: "image/jpeg", bytes });
    const thumb = await sharp(bytes).rotate().resize(UPRIGHT_THUMB.width, UPRIGHT_THUMB.height, { fit: "fill" }).png().toBuffer();
    files.set(`/${name}.upright.png`, { type: "image/png", bytes: thumb });
  }
  const server = createServer((req, res) => {
    const file = files.get(req.url ?? "");
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": file.type, "content-length": file.bytes.length }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
