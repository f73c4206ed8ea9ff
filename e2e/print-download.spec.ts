/**
 * The 8×10 print (issue 35, decision 180): the actor page promises a headshot "framed for the
 * industry-standard 8x10 print"; a subscriber downloads exactly that, 2400×3000 px at 300 DPI, named once
 * per shape; a custom size is typed in the app and checked against the worker's limits.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedAccount, generateOne, signIn, subscribeMonthly } from "./helpers";

test("a subscriber downloads the 8×10 print (2400×3000 PNG at 300 DPI) and a custom size", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "print");
  await signIn(page, email);
  await subscribeMonthly(page);
  await generateOne(page);

  await page.getByRole("radio", { name: "WebP", exact: true }).click();
  await page.getByLabel("Size preset").click();
  await page.getByRole("option", { name: /8×10 print · 2400×3000/ }).click();
  await expect(page.getByRole("radio", { name: "WebP", exact: true })).toHaveCount(0); // PNG or TIFF for a print
  await expect(page.getByRole("radio", { name: "PNG", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^300/ })).toBeChecked();
  await expect(page.getByTestId("download-preview").locator("xpath=ancestor::figure")).toContainText("2400 × 3000 px");
  const [print] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download", exact: true }).click()]);
  expect(print.suggestedFilename()).toBe("headshot-linkedin-print-8x10-300dpi.png");
  const meta = await sharp(await readFile((await print.path())!)).metadata();
  expect(meta).toMatchObject({ format: "png", width: 2400, height: 3000, density: 300 });

  await page.getByLabel("Size preset").click();
  await page.getByRole("option", { name: "Custom size…" }).click();
  await page.getByRole("spinbutton", { name: "Width (px)" }).fill("4096");
  await page.getByRole("spinbutton", { name: "Height (px)" }).fill("4096");
  await expect(page.getByText(/must be at most 4,194,304 pixels/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download", exact: true })).toBeDisabled();
  await page.getByRole("spinbutton", { name: "Width (px)" }).fill("1200");
  await page.getByRole("spinbutton", { name: "Height (px)" }).fill("800");
  await page.getByRole("radio", { name: "WebP", exact: true }).click();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole("spinbutton", { name: "Width (px)" }).scrollIntoViewIfNeeded();
  const [custom] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download", exact: true }).click()]);
  expect(custom.suggestedFilename()).toBe("headshot-linkedin-1200x800-300dpi.webp"); // the DPI the print chose stays the person's choice
  const size = await sharp(await readFile((await custom.path())!)).metadata();
  expect([size.width, size.height]).toEqual([1200, 800]);
});
