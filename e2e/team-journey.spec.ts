/**
 * Issue 37's "Done when" journey, as a company would use it: the owner buys seats and sets up the company's shoot
 * (brand colour, a phone photo of the office as the backdrop, a dress code, a round profile-picture template seen
 * in the live preview); makes a capture link for the company's domain and posts it; two people at that domain
 * open it, sign up, confirm their address from the (local) mailbox and join; each generates in the team look
 * (the backdrop reaches the model as a reference image: the local model's stats) and chooses a photo; the owner
 * sees who joined through the link and everyone's status, and downloads the team's profile pictures as a ZIP
 * whose two files are round (transparent corners) with the brand-colour border.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readZip } from "../worker/test/zip";
import { GENAI_STANDIN_URL, baseURL } from "../playwright.config";
import { CARDS, PASSWORD, asNewVisitor, authHeaders, axe, createVerifiedAccount, mailLink, seriousA11yProblems, signIn } from "./helpers";
import { phonePhoto } from "./phone-photos";

const phoneFile = async (name: "astronaut" | "camera") => ({
  name: `IMG_${name}.JPG`,
  mimeType: "image/jpeg",
  buffer: await phonePhoto(name),
});

/** Someone new opens the link, signs up from it, confirms the address from the mailbox, and joins. */
async function joinFromLink(browser: Browser, link: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await asNewVisitor(page);
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Join Acme" })).toBeVisible();
  await page.getByRole("link", { name: "Sign up" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByLabel(/I confirm that I am 13 or older/).check();
  await form.getByRole("button", { name: "Create Account" }).click();
  // back on the link's page: the address must be confirmed first
  await expect(page).toHaveURL(/\/team\/capture\?token=/);
  await expect(page.getByText(`Please confirm ${email} first`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Join Acme" })).toHaveCount(0);
  // the mail's link comes back to the link's page (decision 326)
  await page.goto(await mailLink(page.request, email, "/api/auth/verify"));
  await expect(page).toHaveURL(path);
  await page.getByRole("button", { name: "Join Acme" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByText("Your seat includes unlimited headshots")).toBeVisible();
  return page;
}

/** A member generates in the team look from a phone photo and chooses it as the team photo. */
async function generateOnTheBackdrop(member: Page) {
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
  await expect(member.getByText("Your team photo in Acme")).toBeVisible({ timeout: 30_000 });
}

/** The elements reaching furthest right, to name what is too wide should the page be. */
const widest = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .map(
        (e) =>
          [
            e.getBoundingClientRect().right,
            `${e.tagName.toLowerCase()}#${e.id}.${e.className.toString().slice(0, 60)} ${e.textContent?.slice(0, 40) ?? ""}`,
          ] as const,
      )
      .sort((a, b) => b[0] - a[0])
      .slice(0, 5)
      .map(([w, what]) => `${Math.round(w)} px: ${what}`),
  );

test("an owner sets the company's shoot and posts a capture link; two people at the domain join from it, generate on the backdrop and choose; the owner downloads the templated ZIP", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const domain = `acme-${Date.now().toString(36)}.test`;
  const owner = await createVerifiedAccount(request, "journey-owner");
  // the owner's whole journey on a phone's width
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, owner);
  await page.goto("/team");
  await page.getByLabel("Team name").fill("Acme");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByLabel("Seats to buy").fill("3");
  await page.getByRole("button", { name: "Buy 3 seats — €59.97/month" }).click();
  await page.getByLabel("Card number").fill(CARDS.visa);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByTestId("seats-used")).toHaveText("1 of 3 seats used");

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
  const { violations } = await axe(page).include("#team-shoot").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // the link: the company's domain, two people, two weeks
  await page.getByLabel("Email domains").fill(domain.toUpperCase());
  await page.getByLabel("People").fill("2");
  await page.getByRole("button", { name: "Create link" }).click();
  const link = await page.getByLabel("New link").inputValue();
  expect(link).toMatch(/\/team\/capture\?token=[\w-]{40,}$/);
  const links = page.getByRole("list", { name: "Team links" });
  await expect(links).toContainText(`@${domain}`);
  await expect(links).toContainText("0 of 2 joined");

  // someone at another domain is told which addresses the link is for
  const outsider = await createVerifiedAccount(request, "journey-outsider");
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signIn(other, outsider);
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole("alert")).toContainText(`This link is for addresses at @${domain}`);

  const ann = `ann-${Date.now()}@${domain}`;
  const bob = `bob-${Date.now()}@${domain}`;
  const members = [await joinFromLink(browser, link, ann), await joinFromLink(browser, link, bob)];

  // the owner sees who joined through the link; neither has a photo yet, so each can be reminded
  await page.reload();
  await expect(page.getByTestId("seats-used")).toHaveText("3 of 3 seats used");
  await expect(links).toContainText("2 of 2 joined");
  await expect(links.getByRole("list", { name: `Joined through the link for ${domain}` })).toContainText(ann);
  await expect(links.getByRole("list", { name: `Joined through the link for ${domain}` })).toContainText(bob);
  await expect(links).toContainText("Full");
  const status = page.getByRole("list", { name: "Team status" });
  await expect(status.getByTestId("status-row")).toHaveCount(3);
  for (const email of [ann, bob]) {
    const row = status.getByTestId("status-row").filter({ hasText: email });
    await expect(row).toContainText("(Team link)");
    await expect(row).toContainText("– Chosen");
    await expect(row.getByRole("button", { name: `Remind ${email}` })).toBeVisible();
  }

  // each generates on the company's backdrop and chooses the photo
  for (const member of members) await generateOnTheBackdrop(member);

  // the model got each person's photo and the team's backdrop, named as the backdrop in the prompt: two generations
  const backdrop = await request.get("/api/team/backdrop", { headers: await authHeaders(request, owner) });
  expect(backdrop.status()).toBe(200);
  const backdropHash = createHash("sha256")
    .update(await backdrop.body())
    .digest("hex");
  const stats = (await (await request.get(`${GENAI_STANDIN_URL}/__stats`)).json()) as {
    references: Record<string, { images: number; backdrops: { index: number; sha256: string | null }[] }[]>;
  };
  const onTheBackdrop = Object.values(stats.references)
    .flat()
    .filter((call) => call.backdrops.some((b) => b.sha256 === backdropHash));
  const seen = { images: 2, backdrops: [{ index: 2, sha256: backdropHash }] };
  expect(onTheBackdrop).toEqual([seen, seen]);

  // the owner sees both chosen, and the status as a CSV file
  await page.reload();
  for (const email of [ann, bob]) {
    const row = status.getByTestId("status-row").filter({ hasText: email });
    await expect(row).toContainText(/✓ Generated \d/);
    await expect(row).toContainText("✓ Chosen");
    await expect(row.getByRole("button", { name: `Remind ${email}` })).toHaveCount(0);
  }
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const statusFile = await csv;
  expect(statusFile.suggestedFilename()).toBe("acme-status.csv");
  const csvText = await readFile((await statusFile.path())!, "utf8");
  for (const email of [owner, ann, bob]) expect(csvText).toContain(email);

  // the team's profile pictures: two round 512 px PNGs with the brand-colour ring
  await expect(page.getByRole("list", { name: "Team photos" }).getByRole("img")).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download all as profile pictures (ZIP)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("acme-team-photos.zip");
  const files = readZip(new Uint8Array(await readFile((await download.path())!)));
  expect(files).toHaveLength(2);
  for (const file of files) {
    expect(file.name).toMatch(/-512x512-round\.png$/);
    const { data, info } = await sharp(Buffer.from(file.data)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([512, 512, 4]);
    const px = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
    expect(px(0, 0)[3]).toBe(0); // outside the circle: transparent
    expect(px(511, 511)[3]).toBe(0);
    expect(px(256, 4)).toEqual([0x1e, 0x3a, 0x5f, 255]); // the ring, in the brand colour
    expect(px(4, 256)).toEqual([0x1e, 0x3a, 0x5f, 255]);
  }
  expect(new Set(files.map((f) => f.name)).size).toBe(2);

  // the whole page reads well on the phone and has no serious accessibility problems
  expect(await page.evaluate(() => document.documentElement.scrollWidth), (await widest(page)).join("\n")).toBeLessThanOrEqual(360);
  expect(await seriousA11yProblems(page)).toEqual([]);
});
