/**
 * Money in the browser (issue 22): two Checkout pages paid side by side leave one subscription and a
 * full refund; the upgrade dialog says exactly what is charged today; the money-back after an upgrade
 * gives back every payment, with the amount; /account lists the invoices.
 */
import { expect, test, type Page } from "@playwright/test";
import { CARDS, createVerifiedAccount, signIn } from "./helpers";

/** Opens Stripe's hosted Checkout for `plan` from /pricing, without paying yet. */
async function openCheckout(page: Page, plan: string) {
  await page.goto("/pricing");
  await page.getByRole("button", { name: `Subscribe: ${plan}` }).click();
  await expect(page.getByRole("heading", { name: /^Subscribe to / })).toBeVisible();
}

async function pay(page: Page) {
  await page.getByLabel("Card number").fill(CARDS.visa);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("two Checkout pages paid side by side: one subscription stays, the second is refunded in full and the person is told", async ({
  page,
  context,
  request,
}) => {
  const email = await createVerifiedAccount(request, "side-by-side");
  await signIn(page, email);
  const second = await context.newPage();
  await openCheckout(page, "Monthly");
  await openCheckout(second, "Weekly");
  await pay(page);
  await pay(second);

  // Both started in the same second of the test clock: Stripe's id decides which one was first.
  await page.goto("/account");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const keptMonthly = await page.getByText("Monthly", { exact: true }).isVisible();
  await expect(page.getByText(keptMonthly ? "Weekly" : "Monthly", { exact: true })).toHaveCount(0);
  const mail = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const refunded = mail.messages.find((m: { subject: string }) => m.subject === "We refunded your second subscription");
  expect(refunded?.text).toContain(`refunded its payment of ${keptMonthly ? "€9.99" : "€29.99"} in full`);
  const invoices = page.getByRole("list", { name: "Your invoices, newest first" });
  await expect(invoices.getByRole("listitem")).toHaveCount(2);
  await expect(invoices).toContainText("€29.99");
  await expect(invoices).toContainText("€9.99");
});

test("the upgrade dialog shows the exact amount charged today; money-back after the upgrade refunds both payments; /account lists the invoices", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "upgrade-amount");
  await signIn(page, email);
  await openCheckout(page, "Weekly");
  await pay(page);

  await page.goto("/pricing");
  await page.getByRole("button", { name: "Upgrade: Monthly" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Upgrade to Monthly?" });
  // Right after paying the week: the whole week comes back as credit, €29.99 − €9.99.
  await expect(dialog.getByRole("status")).toHaveText("Charged today: €20.00");
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Upgrade and pay €20.00 now" }).click();
  await expect(page.getByText("Subscription Upgraded!", { exact: true })).toBeVisible();
  await reloaded;

  await page.goto("/account");
  const rows = page.getByRole("list", { name: "Your invoices, newest first" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Monthly plan");
  await expect(rows.nth(0)).toContainText("€20.00");
  await expect(rows.nth(0)).toContainText("Paid");
  await expect(rows.nth(1)).toContainText("Weekly plan");
  await expect(rows.nth(1)).toContainText("€9.99");
  await expect(rows.nth(0).getByRole("link", { name: /View invoice/ })).toHaveAttribute("href", /\/invoice\/in_/);

  const offer = page.getByRole("region", { name: "30-day money-back guarantee" });
  await expect(offer).toContainText("you can get €29.99 back");
  await offer.getByRole("button", { name: "Request a refund" }).click();
  await page.getByRole("alertdialog", { name: "Refund €29.99?" }).getByRole("button", { name: "Refund and cancel" }).click();
  await expect(page.getByText("Refund Issued", { exact: true })).toBeVisible();
  await expect(page.getByText(/Your payments of €29\.99 have been refunded/).first()).toBeVisible();
  await expect(page.getByText(/You're on the free plan/)).toBeVisible();
});
