/**
 * Issue 37, as a company would use it: the owner buys seats, makes a capture link for the company's
 * domain and posts it; two people at that domain open it, sign up, confirm their address from the
 * (local) mailbox and join; the owner sees who joined through the link and everyone's status. (The
 * company backdrop and the templated ZIP extend this journey later.)
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { CARDS, PASSWORD, asNewVisitor, createVerifiedAccount, mailLink, seriousA11yProblems, signIn } from "./helpers";

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
  await page.goto(await mailLink(page.request, email, "/api/auth/verify"));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(path);
  await page.getByRole("button", { name: "Join Acme" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByText("Your seat includes unlimited headshots")).toBeVisible();
  return page;
}

test("an owner posts a capture link; two people at the domain join from it; the owner sees them in the status list", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const domain = `acme-${Date.now().toString(36)}.test`;
  const owner = await createVerifiedAccount(request, "capture-owner");
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
  const outsider = await createVerifiedAccount(request, "capture-outsider");
  const other = await (await page.context().browser()!.newContext({ baseURL })).newPage();
  await signIn(other, outsider);
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole("alert")).toContainText(`This link is for addresses at @${domain}`);

  const ann = `ann-${Date.now()}@${domain}`;
  const bob = `bob-${Date.now()}@${domain}`;
  await joinFromLink(page.context().browser()!, link, ann);
  await joinFromLink(page.context().browser()!, link, bob);

  // the owner sees who joined through the link, and everyone's progress
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
  // the status as a CSV file
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("acme-status.csv");

  // the page reads well on a phone and has no serious accessibility problems
  await page.setViewportSize({ width: 360, height: 740 });
  // what is too wide, should it fail: the elements reaching furthest right
  const wider = await page.evaluate(() =>
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
  expect(await page.evaluate(() => document.documentElement.scrollWidth), wider.join("\n")).toBeLessThanOrEqual(360);
  expect(await seriousA11yProblems(page)).toEqual([]);
});
