/**
 * Issue 25, as a team would use it: the owner buys 3 seats on Stripe's page, picks the team look and
 * invites two people, who accept from the dev mailbox, generate in the team look and choose their team
 * photos; the owner sees the three chosen photos in the team grid and downloads them as one ZIP of three
 * correct files, each named after its member.
 */
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { readZip } from "../worker/test/zip";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { CARDS, createVerifiedAccount, mailLink, portraitPng, signIn } from "./helpers";

async function generateInTeamLook(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("radio", { name: /^Woman/ }).click();
  await expect(page.getByText("Team look: Office, background #1E3A5F")).toBeVisible();
  await page.getByRole("button", { name: "Use the team look" }).click();
  await expect(page.getByText("Team look:", { exact: true })).toBeVisible();
  await expect(page.getByText("Office, background #1E3A5F", { exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await portraitPng() });
  await page.getByRole("button", { name: "Generate Headshot" }).click();
  await expect(page.getByRole("button", { name: "Generate Another Headshot" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Use as my team photo" }).click();
  await expect(page.getByText("Your team photo in Acme")).toBeVisible();
}

async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test("an owner buys 3 seats, two people join from the mailbox, everyone generates in the team look and chooses a photo", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedAccount(request, "team-owner");
  const ann = await createVerifiedAccount(request, "team-ann");
  const bob = await createVerifiedAccount(request, "team-bob");
  await signIn(page, owner);

  // /pricing shows the Team plan; the team page creates the team and buys seats through Checkout
  await page.goto("/pricing");
  const forTeams = page.getByRole("heading", { name: "For teams" }).locator("xpath=ancestor::div[contains(@class,'rounded')][1]");
  await expect(forTeams).toContainText("€19.99");
  await page.getByRole("link", { name: "Set up your team" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByLabel("Team name").fill("Acme");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByLabel("Seats to buy").fill("3");
  await page.getByRole("button", { name: "Buy 3 seats — €59.97/month" }).click();
  await expect(page.getByText("× 3")).toBeVisible();
  await page.getByLabel("Card number").fill(CARDS.visa);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByTestId("seats-used")).toHaveText("1 of 3 seats used");

  // the brand look
  await page.getByLabel("Style").selectOption("Office");
  await page.getByLabel("Background colour", { exact: true }).fill("#1E3A5F");
  await page.getByRole("button", { name: "Save look" }).click();
  await expect(page.getByText("Team look: Office, background #1E3A5F").first()).toBeVisible();

  // two invitations, accepted from the dev mailbox
  for (const email of [ann, bob]) {
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByRole("list", { name: "Team members and invitations" })).toContainText(email);
    await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(""); // sent: the field is ready for the next
  }
  await expect(page.getByRole("button", { name: "Invite" })).toBeDisabled(); // 1 owner + 2 invitations = 3 seats
  const members: Page[] = [];
  for (const email of [ann, bob]) {
    const link = await mailLink(request, email, "/team/join?token=");
    const member = await memberPage(browser, email);
    await member.goto(new URL(link).pathname + new URL(link).search);
    await member.getByRole("button", { name: "Join Acme" }).click();
    await expect(member).toHaveURL(/\/team$/);
    await expect(member.getByText("Your seat includes unlimited headshots")).toBeVisible();
    members.push(member);
  }
  await page.reload();
  await expect(page.getByTestId("seats-used")).toHaveText("3 of 3 seats used");

  // everyone generates in the team look (no free generation taken) and chooses a photo
  for (const member of members) {
    await generateInTeamLook(member);
    await expect(member.getByText(/free generations? left/)).toHaveCount(0);
  }
  await generateInTeamLook(page);

  await page.goto("/team");
  const grid = page.getByRole("list", { name: "Team photos" });
  await expect(grid.getByRole("img")).toHaveCount(3);
  const list = page.getByRole("list", { name: "Team members and invitations" });
  await expect(list.getByText("Photo chosen")).toHaveCount(3);
  for (const img of await grid.getByRole("img").all()) {
    const src = await img.getAttribute("src");
    expect(src).toMatch(/\/api\/images\/[0-9a-f-]+\/result\?/);
    expect((await page.request.get(src!)).status()).toBe(200);
  }

  // the owner downloads the three chosen photos as one ZIP in one preset, named after the members
  await page.getByRole("button", { name: "Download all as ZIP" }).click();
  await expect(page.getByRole("dialog", { name: "Download 3 pictures as ZIP" })).toBeVisible();
  await page.getByRole("radio", { name: "PNG", exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download ZIP" }).click()]);
  expect(download.suggestedFilename()).toBe("acme-team-photos.zip");
  const files = readZip(new Uint8Array(await readFile((await download.path())!)));
  const stem = (email: string) => email.split("@")[0]!.toLowerCase();
  expect(files.map((f) => f.name.replace(/-high-square\.png$/, "")).sort()).toEqual([owner, ann, bob].map(stem).sort());
  for (const f of files) expect(await sharp(Buffer.from(f.data)).metadata()).toMatchObject({ format: "png", width: 2048, height: 2048 });
});
