/**
 * Issue 37, the company's shoot as an owner sets it up: the owner picks the brand colour, uploads a phone
 * photo of the office as the backdrop, a dress code and a round profile-picture template (seen in the live
 * preview); a member generates in the team look (the backdrop reaches the model as a reference image: the
 * local model's stats) and chooses the photo; the owner downloads the team's profile pictures as a ZIP,
 * whose file is round (transparent corners) with the brand-colour border.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { readZip } from "../worker/test/zip";
import { GENAI_STANDIN_URL, baseURL } from "../playwright.config";
import { CARDS, authHeaders, createVerifiedAccount, mailLink, signIn } from "./helpers";
import { phonePhoto } from "./phone-photos";

const phoneFile = async (name: "astronaut" | "camera") => ({
  name: `IMG_${name}.JPG`,
  mimeType: "image/jpeg",
  buffer: await phonePhoto(name),
});

async function buyTwoSeats(page: Page) {
  await page.goto("/team");
  await page.getByLabel("Team name").fill("Acme");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByLabel("Seats to buy").fill("2");
  await page.getByRole("button", { name: /^Buy 2 seats/ }).click();
  await page.getByLabel("Card number").fill(CARDS.visa);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByTestId("seats-used")).toHaveText("1 of 2 seats used");
}

test("the owner sets a backdrop photo and a round template, a member generates on it, the owner downloads the templated ZIP", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await createVerifiedAccount(request, "backdrop-owner");
  const ann = await createVerifiedAccount(request, "backdrop-ann");
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, owner);
  await buyTwoSeats(page);

  // the brand look, then the company's backdrop: a phone photo (4032×3024, EXIF-turned) of the office
  await page.getByLabel("Style").selectOption("Office");
  await page.getByLabel("Background colour", { exact: true }).fill("#1E3A5F");
  await page.getByRole("button", { name: "Save look" }).click();
  await expect(page.getByRole("img", { name: "Brand colour #1E3A5F" })).toBeVisible();
  await page.getByLabel("Upload a backdrop photo").setInputFiles(await phoneFile("camera"));
  await expect(page.getByRole("img", { name: "The team's backdrop photo" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Use the brand colour instead" })).toBeVisible();

  // the dress code and a round template with an 8 px border; the preview follows the form
  await page.getByLabel("Outfit").selectOption("suit");
  await page.getByRole("button", { name: "Save outfit" }).click();
  await expect(page.getByText("Outfit rule saved").first()).toBeVisible();
  await page.getByRole("radio", { name: /^Round/ }).click();
  await page.getByLabel("Size (px)").fill("512");
  await page.getByLabel("Border (px)").fill("70");
  await expect(page.getByText("The border must be a whole number of pixels from 0 to 64.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save template" })).toBeDisabled();
  await page.getByLabel("Border (px)").fill("8");
  await expect(page.getByText("A 512×512 PNG, border in #1E3A5F.")).toBeVisible();
  await expect(page.getByTestId("template-preview").locator(".rounded-full").first()).toBeVisible();
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template saved").first()).toBeVisible();
  // nothing of the backdrop, outfit and template settings reaches past the 360 px screen, and axe finds nothing serious in it
  const beyond = await page
    .locator("#team-shoot")
    .evaluate((el) => [el, ...el.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > 360.5).map((e) => e.tagName));
  expect(beyond).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).include("#team-shoot").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // a member joins from the mailbox and generates in the team look from a phone photo
  await page.getByLabel("Email address", { exact: true }).fill(ann);
  await page.getByRole("button", { name: "Invite" }).click();
  const link = new URL(await mailLink(request, ann, "/team/join?token="));
  const member = await (await browser.newContext({ baseURL })).newPage();
  await signIn(member, ann);
  await member.goto(link.pathname + link.search);
  await member.getByRole("button", { name: "Join Acme" }).click();
  await expect(member).toHaveURL(/\/team$/);
  await member.goto("/dashboard");
  await member.getByRole("radio", { name: /^Man/ }).click();
  await expect(member.getByText("Team look: Office, on the company's backdrop")).toBeVisible();
  await member.getByRole("button", { name: "Use the team look" }).click();
  await member
    .locator('input[type="file"]')
    .first()
    .setInputFiles(await phoneFile("astronaut"));
  await member.getByRole("button", { name: "Generate Headshot" }).click();
  await expect(member.getByRole("button", { name: "Generate Another Headshot" })).toBeVisible({ timeout: 60_000 });
  await member.getByRole("button", { name: "Use as my team photo" }).click();
  await expect(member.getByText("Your team photo in Acme")).toBeVisible();

  // the model got the person's photo and the team's backdrop, named as the backdrop in the prompt
  const backdrop = await request.get("/api/team/backdrop", { headers: await authHeaders(request, owner) });
  expect(backdrop.status()).toBe(200);
  const backdropHash = createHash("sha256")
    .update(await backdrop.body())
    .digest("hex");
  const stats = (await (await request.get(`${GENAI_STANDIN_URL}/__stats`)).json()) as {
    references: Record<string, { images: number; backdrops: { index: number; sha256: string | null }[] }[]>;
  };
  const calls = Object.values(stats.references).flat();
  expect(calls).toContainEqual({ images: 2, backdrops: [{ index: 2, sha256: backdropHash }] });

  // the owner downloads the team's profile pictures: one round 512 px PNG with the brand-colour ring
  await page.goto("/team");
  await expect(page.getByRole("list", { name: "Team photos" }).getByRole("img")).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download all as profile pictures (ZIP)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("acme-team-photos.zip");
  const files = readZip(new Uint8Array(await readFile((await download.path())!)));
  expect(files).toHaveLength(1);
  expect(files[0]!.name).toMatch(/-512x512-round\.png$/);
  const { data, info } = await sharp(Buffer.from(files[0]!.data)).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([512, 512, 4]);
  const px = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
  expect(px(0, 0)[3]).toBe(0); // outside the circle: transparent
  expect(px(511, 511)[3]).toBe(0);
  expect(px(256, 4)).toEqual([0x1e, 0x3a, 0x5f, 255]); // the ring, in the brand colour
  expect(px(4, 256)).toEqual([0x1e, 0x3a, 0x5f, 255]);
});
