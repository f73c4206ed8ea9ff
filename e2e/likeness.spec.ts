/**
 * Likeness in a real browser (issue 26): the local Gemini stand-in restyles the uploaded photo, so the
 * result keeps the person's face; the result view measures the likeness with the face model, stores it,
 * and the gallery shows the stored figure. The same result compared with another person's photo scores
 * lower: for that second comparison the browser is handed person B's photo as the headshot's original.
 */
import { expect, test, type Page } from "@playwright/test";
import { astronaut, camera } from "./face-photos";
import { createVerifiedAccount, signIn } from "./helpers";

async function generateFrom(page: Page, photo: Buffer) {
  await page.getByRole("radio", { name: /^Woman/ }).click();
  await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Generate Headshot" }).click();
  await expect(page.getByRole("button", { name: "Generate Another Headshot" })).toBeVisible({ timeout: 30_000 });
}

/** Waits for the result view's likeness and returns its percentage. */
async function likenessShown(page: Page): Promise<number> {
  const line = page.getByRole("status", { name: "Likeness" });
  await expect(line).toContainText(/Likeness \d+%/, { timeout: 60_000 });
  await expect(line).toContainText("measured by a face model in your browser");
  return Number(/Likeness (\d+)%/.exec((await line.textContent()) ?? "")![1]);
}

test("the likeness is higher for the same person than for a different one, and is kept with the headshot", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "likeness");
  await signIn(page, email);

  // Person A's photo → the stand-in's restyled result, compared with A's photo.
  await generateFrom(page, astronaut());
  const same = await likenessShown(page);

  // The same photo and style give the same restyled result; the browser compares it with person B's photo.
  await page.route(/\/api\/images\/[^/]+\/original/, (route) => route.fulfill({ body: camera(), contentType: "image/jpeg" }));
  await page.getByRole("button", { name: "Generate Another Headshot" }).click();
  await generateFrom(page, astronaut());
  const different = await likenessShown(page);
  await page.unrouteAll();

  expect(same).toBeGreaterThan(different);
  expect(same).toBeGreaterThanOrEqual(50); // face-api's own "same person" line
  expect(different).toBeLessThan(50);

  // Stored with each headshot: the gallery shows both figures without measuring again.
  await page.reload();
  await page.getByRole("button", { name: "My Gallery" }).click();
  await expect(page.getByRole("button", { name: /^Open LinkedIn headshot from / })).toHaveCount(2);
  const notes = page.getByText(/^Likeness \d+%$/);
  await expect(notes).toHaveCount(2);
  const shown = (await notes.allTextContents()).map((t) => Number(/(\d+)%/.exec(t)![1])).sort((a, b) => a - b);
  expect(shown).toEqual([different, same]);
});
