/**
 * Billing through the local Stripe (issue 9): a free user pays on Stripe's hosted page, comes back
 * subscribed, upgrades, schedules a downgrade and cancels it; a declined card leaves the free plan.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { CARDS, createVerifiedAccount, generateOne, payOnCheckoutPage, seriousA11yProblems, signIn } from "./helpers";

// With the motion on, unlike the other journeys (playwright.config.ts): dialogs and menus close through their exit
// animations, as for most people.
test.use({ reducedMotion: "no-preference" });

const card = (page: Page, plan: string) => page.getByRole("group", { name: plan, exact: true });

test("a free user pays monthly on Stripe's page, upgrades to yearly, schedules a downgrade and cancels it", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "billing");
  await signIn(page, email);
  await expect(page.getByText("2 free generations left")).toBeVisible();

  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Choose your plan" })).toBeVisible();
  await expect(card(page, "Monthly").getByText("Most Popular", { exact: true })).toBeVisible();
  await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
  await expect(page.getByText("Cancel anytime")).toBeVisible();
  await expect(page.getByText("Current Plan", { exact: true })).toHaveCount(0);

  await payOnCheckoutPage(page, { plan: "Monthly", card: CARDS.visa });
  // Subscribed without a reload: the free-credits badge is gone and high resolution downloads.
  await expect(page.getByText("2 free generations left")).toHaveCount(0);
  await generateOne(page);
  await page.getByRole("radio", { name: /^High/ }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download", exact: true }).click(),
  ]);
  await expect(page.getByText("Download Started", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Subscription Required" })).toHaveCount(0);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBeGreaterThan(512); // web size is 512

  await page.goto("/pricing");
  await expect(card(page, "Monthly").getByText("Current Plan", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Your Plan: Monthly" }).click();
  await expect(page.getByText("Already Subscribed", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Upgrade: Yearly" }).click();
  const upgrade = page.getByRole("alertdialog", { name: "Upgrade to Yearly?" });
  await expect(upgrade).toContainText("charged today for the prorated difference");
  const reloaded = page.waitForEvent("load"); // the page reloads after the toast (SPEC §8)
  await upgrade.getByRole("button", { name: /^Upgrade and pay €[\d.]+ now$/ }).click();
  await expect(page.getByText("Subscription Upgraded!", { exact: true })).toBeVisible();
  await reloaded;
  await expect(card(page, "Yearly").getByText("Current Plan", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Downgrade: Weekly" }).click();
  const downgrade = page.getByRole("alertdialog", { name: "Downgrade to Weekly?" });
  await expect(downgrade).toContainText("Nothing is charged today");
  const periodEnd = /until (\d{1,2} \w+ \d{4})/.exec((await downgrade.textContent())!)![1]!;
  await downgrade.getByRole("button", { name: "Schedule downgrade" }).click();
  await expect(page.getByText("Downgrade Scheduled", { exact: true })).toBeVisible();
  const alert = page.getByRole("status", { name: "Downgrade scheduled", exact: true });
  await expect(alert).toContainText(`Your plan changes to Weekly on ${periodEnd}`);
  await expect(card(page, "Yearly").getByText("Current Plan", { exact: true })).toBeVisible();

  await page.goto("/account");
  await expect(page.getByRole("status", { name: "Downgrade scheduled", exact: true })).toBeVisible();
  await expect(page.getByText("Yearly", { exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(periodEnd, { exact: true })).toBeVisible(); // next billing date
  await page.getByRole("button", { name: "Cancel Downgrade" }).click();
  await expect(page.getByText("Downgrade Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("status", { name: "Downgrade scheduled", exact: true })).toHaveCount(0);
  await page.goto("/pricing");
  await expect(card(page, "Yearly").getByText("Current Plan", { exact: true })).toBeVisible();
  await expect(page.getByRole("status", { name: "Downgrade scheduled", exact: true })).toHaveCount(0);
});

test("a declined card shows the failure and leaves the user on the free plan", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "declined");
  await signIn(page, email);
  await payOnCheckoutPage(page, { plan: "Monthly", card: CARDS.declined });
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel and go back" }).click();

  await expect(page).toHaveURL(/\/pricing\?checkout=canceled$/);
  await expect(page.getByText("Checkout canceled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe: Monthly" })).toBeVisible();
  await expect(page.getByText("Current Plan", { exact: true })).toHaveCount(0);
  await page.goto("/account");
  await expect(page.getByText(/You're on the free plan/)).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("2 free generations left")).toBeVisible();
});

test("the account page offers the money-back guarantee while it applies, and it ends the subscription", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "money-back");
  await signIn(page, email);
  await payOnCheckoutPage(page, { plan: "Weekly", card: CARDS.visa });
  await page.goto("/account");
  await expect(page.getByText("Weekly", { exact: true })).toBeVisible();
  const offer = page.getByRole("region", { name: "30-day money-back guarantee" });
  await expect(offer).toContainText("you can get €9.99 back");
  await offer.getByRole("button", { name: "Request a refund" }).click();
  await page.getByRole("alertdialog", { name: "Refund €9.99?" }).getByRole("button", { name: "Refund and cancel" }).click();
  await expect(page.getByText("Refund Issued", { exact: true })).toBeVisible();
  await expect(page.getByText(/You're on the free plan/)).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByText("2 free generations left")).toBeVisible();
});

test("Manage Billing opens Stripe's portal; cancelling there keeps access until the period end and the return says 'Subscription Updated'", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "portal");
  await signIn(page, email);
  await payOnCheckoutPage(page, { plan: "Monthly", card: CARDS.visa });
  await page.goto("/account");
  const periodEnd = (await page
    .getByText(/^\d{1,2} \w+ \d{4}$/)
    .first()
    .textContent())!;
  await page.getByRole("button", { name: "Manage Billing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByRole("status")).toHaveText("Your plan was canceled.");
  await page.getByRole("link", { name: "Return" }).click();

  await expect(page).toHaveURL(/\/account$/); // the ?portal=return flag is cleaned away
  await expect(page.getByText("Subscription Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Access until", { exact: true })).toBeVisible();
  await expect(page.getByText(periodEnd, { exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  // /pricing offers no plan change on a canceled plan: when it ends, and the way back (issue 46)
  await page.goto("/pricing");
  await expect(page.getByText("Your Monthly plan is canceled", { exact: true })).toBeVisible();
  await expect(card(page, "Monthly").getByText(`Canceled: ends on ${periodEnd}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Upgrade|Downgrade):/ })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByText("2 free generations left")).toHaveCount(0); // still a subscriber
});

/** True when the page scrolls sideways (something wider than the viewport). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("at 360 px: pricing and account fit the screen, work from the keyboard and have no serious accessibility problems", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = await createVerifiedAccount(request, "billing-phone");
  await signIn(page, email);
  await payOnCheckoutPage(page, { plan: "Yearly", card: CARDS.visa });

  await page.goto("/pricing");
  await expect(card(page, "Yearly").getByText("Current Plan", { exact: true })).toBeVisible();
  // Keyboard: the downgrade opens its confirmation from the keyboard, and Escape closes it.
  await page.getByRole("button", { name: "Downgrade: Monthly" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Downgrade to Monthly?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep current plan" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousA11yProblems(page)).toEqual([]);

  await page.goto("/account");
  await expect(page.getByRole("button", { name: "Manage Billing" })).toBeVisible();
  await expect(page.getByRole("region", { name: "30-day money-back guarantee" })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousA11yProblems(page)).toEqual([]);
});
