/**
 * Issue 46 item 14 (decision 326), at 360 px: someone opens a company's capture link signed in with the wrong
 * account; the page has the site's header and offers another account; they sign up with their work address from
 * there, open the verification mail on the same phone, land back on the link's page verified, and join.
 */
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { CARDS, PASSWORD, createVerifiedAccount, mailLink, signIn, toastSaying } from "./helpers";

const PHONE = { width: 360, height: 800 };

test("a capture link carries a new person through sign-up, the verification mail and joining", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const domain = `acme-${Date.now().toString(36)}.test`;

  // the owner buys 2 seats and makes a link for the company's domain
  const owner = await createVerifiedAccount(request, "link-owner");
  await signIn(page, owner);
  await page.goto("/team");
  await page.getByLabel("Team name").fill("Acme");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByLabel("Seats to buy").fill("2");
  await page.getByRole("button", { name: /^Buy 2 seats/ }).click();
  await page.getByLabel("Card number").fill(CARDS.visa);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByTestId("seats-used")).toHaveText("1 of 2 seats used");
  await page.getByLabel("Email domains").fill(domain);
  await page.getByLabel("People").fill("1");
  await page.getByRole("button", { name: "Create link" }).click();
  const link = new URL(await page.getByLabel("New link").inputValue());
  const linkPath = link.pathname + link.search;

  // on a phone signed in with a personal account: told why, with the header and a way to another account
  const outsider = await createVerifiedAccount(request, "link-personal");
  const phone = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await signIn(phone, outsider);
  await phone.goto(linkPath);
  await expect(phone.getByRole("alert")).toContainText(`This link is for addresses at @${domain}`);
  await expect(phone.getByRole("banner").getByRole("button", { name: "Menu" })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.getByRole("button", { name: "Use another account" }).click();
  await expect(phone).toHaveURL(/\/auth\?next=/);

  // signs up with the work address from there: back on the link's page, asked to confirm the address
  const work = `kim-${Date.now()}@${domain}`;
  await phone.getByRole("tab", { name: "Sign Up" }).click();
  const form = phone.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").fill(work);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByLabel(/I confirm that I am 13 or older/).check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(phone).toHaveURL(linkPath);
  await expect(phone.getByText(`Please confirm ${work} first`)).toBeVisible();
  await expect(phone.getByRole("button", { name: "Join Acme" })).toHaveCount(0);

  // the mail's link comes back to the link's page, verified, and Join is ready
  const verify = new URL(await mailLink(phone.request, work, "/api/auth/verify"));
  expect(verify.searchParams.get("next")).toBe(linkPath);
  await phone.goto(verify.pathname + verify.search);
  await expect(phone).toHaveURL(linkPath); // the notice drops its flag from the address
  await expect(toastSaying(phone, "Email verified")).toBeVisible();
  await phone.getByRole("button", { name: "Join Acme" }).click();
  await expect(phone).toHaveURL(/\/team$/);
  await expect(phone.getByText("Your seat includes unlimited headshots")).toBeVisible();
});
