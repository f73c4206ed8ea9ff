/**
 * Shoots (issue 24): 3 styles from 2 photos → 3 pictures, the set's progress, then one ZIP of 3 correct
 * files. A free person sees their limit (as many styles as generations left) before subscribing.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { readZip } from "../worker/test/zip";
import { astronaut } from "./face-photos";
import { GENAI_STANDIN_URL } from "../playwright.config";
import { createVerifiedAccount, signIn, subscribeMonthly } from "./helpers";

test("3 styles from 2 photos make 3 pictures, downloaded as a ZIP of 3 correct files", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await createVerifiedAccount(request, "shoot");
  await signIn(page, email);

  // a free person: as many styles as generations left
  await page.getByRole("radio", { name: /^Woman/ }).click();
  await page.getByRole("button", { name: "Choose several styles" }).click();
  await expect(page.getByTestId("set-count")).toContainText("0 of up to 2 styles chosen");

  await subscribeMonthly(page);
  await page.getByRole("radio", { name: /^Woman/ }).click();
  // back from Checkout, the wizard may still be settling (the subscription's query refetching): click until the
  // mode takes (the button then reads "Choose one style"; a second click would turn it off), then the limit follows
  const several = page.getByRole("button", { name: "Choose several styles" });
  await expect(async () => {
    if (await several.isVisible()) await several.click({ timeout: 2_000 });
    await expect(page.getByRole("button", { name: "Choose one style" })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(page.getByTestId("set-count")).toContainText("of up to 10 styles chosen");
  for (const style of ["LinkedIn", "Suit", "Office"]) await page.getByRole("checkbox", { name: style, exact: true }).click();
  await expect(page.getByTestId("set-count")).toContainText("3 of up to 10 styles chosen");
  await page.getByRole("button", { name: "Continue with 3 styles" }).click();

  const first = astronaut();
  const second = await sharp(first).flop().modulate({ brightness: 1.1 }).jpeg({ quality: 90 }).toBuffer();
  await page.getByLabel("Upload photo").setInputFiles({ name: "me-1.jpg", mimeType: "image/jpeg", buffer: first });
  await page.getByLabel("Add another photo").setInputFiles({ name: "me-2.jpg", mimeType: "image/jpeg", buffer: second });
  await expect(page.getByRole("img", { name: "Extra photo me-2.jpg" })).toBeVisible();
  await page.getByRole("button", { name: "Generate 3 Headshots" }).click();

  await expect(page).toHaveURL(/\/dashboard\?shoot=/);
  await expect(page.getByTestId("shoot-progress")).toHaveText(/of 3 ready/);
  await expect(page.getByTestId("shoot-progress")).toHaveText("3 of 3 ready", { timeout: 60_000 });
  await expect(page.getByTestId("shoot-tile")).toHaveCount(3);
  await expect(page.locator('[data-testid="shoot-tile"][data-status="completed"]')).toHaveCount(3);

  // the model (the local stand-in) was sent both photos for each picture
  const stats = (await (await request.get(`${GENAI_STANDIN_URL}/__stats`)).json()) as { inputs: Record<string, string[][]> };
  expect(
    Object.values(stats.inputs)
      .flat()
      .filter((call) => call.length === 2).length,
  ).toBeGreaterThanOrEqual(3);

  await page.getByRole("button", { name: "Download as ZIP" }).click();
  await expect(page.getByRole("dialog", { name: "Download 3 pictures as ZIP" })).toBeVisible();
  await page.getByRole("radio", { name: "PNG", exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download ZIP" }).click()]);
  expect(download.suggestedFilename()).toBe("headshots.zip");
  const files = readZip(new Uint8Array(await readFile((await download.path())!)));
  expect(files.map((f) => f.name).sort()).toEqual([
    "headshot-linkedin-high-square.png",
    "headshot-office-high-square.png",
    "headshot-suit-high-square.png",
  ]);
  for (const f of files) expect(await sharp(Buffer.from(f.data)).metadata()).toMatchObject({ format: "png", width: 2048, height: 2048 });

  // the gallery groups the shoot and still opens one picture
  await page.locator("#main").getByRole("button", { name: "My Gallery" }).click();
  await expect(page.getByTestId("gallery-shoot")).toHaveCount(1);
  await page.getByRole("button", { name: /^Open Suit headshot/ }).click();
  await expect(page.getByText("Your headshot is ready")).toBeVisible();
});
