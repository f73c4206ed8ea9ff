/**
 * The upload step's photo check in a real browser (issue 26): the face model runs in Chromium under the
 * site's own CSP, flags each bad photo with its verdict and lets the good ones pass; it loads only on the
 * upload step, and the descriptor network not even there.
 */
import { expect, test, type Page } from "@playwright/test";
import { BAD_PHOTOS, GOOD_PHOTOS, type PhotoCase } from "./face-photos";
import { createVerifiedAccount, signIn } from "./helpers";

const faceModel = /\/assets\/(face-model\/|model-[\w-]+\.js)/;

async function choose(page: Page, c: PhotoCase) {
  const clear = page.getByRole("button", { name: "Clear photo" });
  if (await clear.isVisible()) await clear.click();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await c.photo() });
  return page.getByRole("status", { name: "Photo check" });
}

test("each bad photo is flagged with its advice, good photos pass, and Generate stays available", async ({ page, request }) => {
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));

  // Public pages and the wizard's first steps never load the model.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const email = await createVerifiedAccount(request, "photo-check");
  await signIn(page, email);
  await page.getByRole("radio", { name: /^Woman/ }).click();
  expect(requests.filter((p) => faceModel.test(p))).toEqual([]);

  // Step 3 loads the detector (from our own origin), never the descriptor network.
  await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
  await expect.poll(() => requests.some((u) => u.endsWith("/tiny_face_detector_model.bin"))).toBe(true);

  for (const c of GOOD_PHOTOS) {
    await test.step(`passes: ${c.name}`, async () => {
      const check = await choose(page, c);
      await expect(check).toHaveText("Looks good: one clear, well-lit face.", { timeout: 30_000 });
    });
  }
  for (const c of BAD_PHOTOS) {
    await test.step(`flags: ${c.name}`, async () => {
      const check = await choose(page, c);
      await expect(check).toContainText(`${c.verdict}.`, { timeout: 30_000 });
      await expect(check).toContainText("You can still generate with this photo.");
      await expect(check).not.toContainText("Looks good");
      await expect(page.getByRole("button", { name: "Generate Headshot" })).toBeEnabled();
    });
  }

  expect(requests.some((u) => u.includes("face_recognition_model"))).toBe(false);
  const origin = new URL(page.url()).origin;
  expect(requests.filter((u) => /^https?:/.test(u) && !u.startsWith(`${origin}/`))).toEqual([]); // nothing from another host
  expect(cspViolations).toEqual([]);
});
