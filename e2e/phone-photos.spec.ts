/**
 * Phone photos at a phone's width (issue 34; issue 35's unchecked extra photo): 4032×3024 JPEGs of about
 * 4 MB with EXIF orientation 6 and GPS (./phone-photos.ts) go through the wizard at 360 px. The browser
 * sends each upright, at most 2048 px, without the camera's tags; a further photo of another person is
 * flagged; the shoot and the single generation complete.
 */
import { expect, test, type APIRequestContext, type Request } from "@playwright/test";
import sharp from "sharp";
import { phonePhoto, PHONE_SECRETS, type PhoneName } from "./phone-photos";
import { authHeaders, createVerifiedAccount, signIn } from "./helpers";

test.use({ viewport: { width: 360, height: 780 } });

const file = async (name: PhoneName) => ({ name: `IMG_${name}.JPG`, mimeType: "image/jpeg", buffer: await phonePhoto(name) });

/** The mean absolute RGB difference of two pictures at 48×64 (0–255): a few units for the same picture upright. */
async function distance(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (x: Buffer) => sharp(x).rotate().resize(48, 64, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([thumb(a), thumb(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

/** The stored original of the account's newest headshot (its signed URL needs no session). */
async function storedOriginal(request: APIRequestContext, email: string): Promise<Buffer> {
  const list = await request.get("/api/headshots", { headers: await authHeaders(request, email) });
  const [newest] = (await list.json()) as { originalImageUrl: string }[];
  return Buffer.from(await (await request.get(newest!.originalImageUrl)).body());
}

/** What a request's multipart body says about its photos: total size, and whether any phone tag survived. */
function sentPhotos(req: Request) {
  const body = req.postDataBuffer() ?? Buffer.alloc(0);
  return { bytes: body.length, leaks: PHONE_SECRETS.filter((s) => body.includes(s)) };
}

test("a shoot from two phone photos at 360 px: each sent upright at 2048 px, another person's photo flagged", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await createVerifiedAccount(request, "phone-shoot");
  await signIn(page, email);
  await page.getByRole("radio", { name: /^Woman/ }).click();
  await page.getByRole("button", { name: "Choose several styles" }).click();
  for (const style of ["LinkedIn", "Suit"]) await page.getByRole("checkbox", { name: style, exact: true }).click();
  await page.getByRole("button", { name: "Continue with 2 styles" }).click();

  await page.getByLabel("Upload photo").setInputFiles(await file("astronaut"));
  await expect(page.getByRole("img", { name: "Your uploaded photo" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("IMG_astronaut.JPG")).toBeVisible(); // the name as chosen, not the JPEG sent for it (issue 46 item 19)
  await expect(page.getByRole("status", { name: "Photo check" })).not.toContainText("Checking", { timeout: 60_000 });

  // another person as the second photo: checked like the first, and flagged
  await page.getByLabel("Add another photo").setInputFiles(await file("camera"));
  const other = page.getByRole("status", { name: "Photo check of photo 2" });
  await expect(other).toContainText("This looks like a different person", { timeout: 60_000 });
  await expect(other).toContainText("Your face is turned away");
  await page.getByRole("button", { name: "Remove IMG_camera.jpg" }).click();

  // the same person's second photo passes the comparison
  await page.getByLabel("Add another photo").setInputFiles(await file("astronaut-2"));
  const same = page.getByRole("status", { name: "Photo check of photo 2" });
  await expect(same).not.toContainText("Checking", { timeout: 60_000 });
  await expect(same).not.toContainText("different person");

  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/shoots") && r.method() === "POST"),
    page.getByRole("button", { name: "Generate 2 Headshots" }).click(),
  ]);
  const { bytes, leaks } = sentPhotos(sent);
  expect(bytes).toBeLessThan(4_000_000); // two 4 MB photos, each brought down before sending
  expect(leaks).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard\?shoot=/);
  await expect(page.getByTestId("shoot-progress")).toHaveText("2 of 2 ready", { timeout: 60_000 });

  const stored = await storedOriginal(request, email);
  expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 1536, height: 2048 });
  expect(await distance(stored, await phonePhoto("astronaut"))).toBeLessThan(8);
});

test("a single generation from a phone photo at 360 px: sent upright at 2048 px, without GPS, and made", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await createVerifiedAccount(request, "phone-single");
  await signIn(page, email);
  await page.getByRole("radio", { name: /^Man/ }).click();
  await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
  await page.getByLabel("Upload photo").setInputFiles(await file("astronaut-2"));
  await expect(page.getByRole("img", { name: "Your uploaded photo" })).toBeVisible({ timeout: 30_000 });
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/headshots/upload") && r.method() === "POST"),
    page.getByRole("button", { name: "Generate Headshot" }).click(),
  ]);
  const { bytes, leaks } = sentPhotos(sent);
  expect(bytes).toBeLessThan(2_000_000);
  expect(leaks).toEqual([]);
  await expect(page.getByRole("button", { name: "Generate Another Headshot" })).toBeVisible({ timeout: 60_000 });

  const stored = await storedOriginal(request, email);
  expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 1536, height: 2048 });
  expect(await distance(stored, await phonePhoto("astronaut-2"))).toBeLessThan(8);
});
