/**
 * Issue 46 item 12 (decision 325): sign up on a laptop, open the verification link on a phone. Two browser
 * contexts are the two devices, both at 360 px. The phone says why it asks; the sign-up password verifies and the
 * laptop stays signed in. Someone who did not sign up (a squatter used their address) chooses a new password
 * instead, and the squatter's laptop is signed out for good.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { PASSWORD, asNewVisitor, mailLink, toastSaying, uniqueEmail } from "./helpers";

const PHONE = { width: 360, height: 800 };

async function device(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await asNewVisitor(page);
  return page;
}

async function signUpOn(page: Page, email: string) {
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByLabel(/I confirm that I am 13 or older/).check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The verification link from the mailbox, opened on `phone`: /auth/verify asks, and says why. */
async function openLinkOn(phone: Page, email: string) {
  const link = new URL(await mailLink(phone.request, email, "/api/auth/verify"));
  await phone.goto(link.pathname + link.search);
  await expect(phone).toHaveURL(/\/auth\/verify\?token=/);
  await expect(phone.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await expect(phone.getByText(/opened on a different device or browser from the one used to sign up/)).toBeVisible();
  // nothing reaches past the phone's width
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("the sign-up password on the phone verifies the address, and the laptop stays signed in", async ({ browser }) => {
  const email = uniqueEmail("two-devices");
  const laptop = await device(browser);
  await signUpOn(laptop, email);
  const banner = laptop.getByRole("region", { name: "Verify your email address" });
  await expect(banner).toBeVisible();

  const phone = await device(browser);
  await openLinkOn(phone, email);
  const field = phone.getByLabel("The password you chose when you signed up");
  await field.fill("not my password");
  await phone.getByRole("button", { name: "Verify my email" }).click();
  await expect(phone.getByRole("alert")).toContainText("That isn't the password this account was created with");
  await field.fill(PASSWORD);
  await phone.getByRole("button", { name: "Verify my email" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);
  await expect(toastSaying(phone, "Email verified — 2 free generations added")).toBeVisible();

  // the laptop, reloaded: still signed in, now verified
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/dashboard$/);
  await expect(laptop.getByRole("radio", { name: /^Woman/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("someone signed up with my address: on my phone I choose a new password, and their laptop is signed out", async ({ browser }) => {
  const email = uniqueEmail("squatted");
  const squatter = await device(browser);
  await signUpOn(squatter, email);

  const owner = await device(browser);
  await openLinkOn(owner, email);
  await owner.getByRole("button", { name: "Choose a new password" }).click();
  const form = owner.getByRole("form", { name: "Choose a new password" });
  await form.getByLabel("New password", { exact: true }).fill("the owner's own password");
  await form.getByLabel("Confirm new password").fill("the owner's own password");
  await form.getByRole("button", { name: "Set password and verify" }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  await expect(toastSaying(owner, "Email verified — 2 free generations added")).toBeVisible();

  // the squatter's laptop, reloaded, is signed out, and their password no longer works
  await squatter.reload();
  await expect(squatter).toHaveURL(/\/auth/);
  const signin = squatter.getByRole("form", { name: "Sign in" });
  await signin.getByLabel("Email").fill(email);
  await signin.getByLabel("Password").fill(PASSWORD);
  await signin.getByRole("button", { name: "Sign In" }).click();
  await expect(toastSaying(squatter, "Invalid email or password")).toBeVisible();
});
