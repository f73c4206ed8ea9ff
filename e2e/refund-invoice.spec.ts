/**
 * Refund, then the invoice (issue 35): a subscriber pays on /pricing, asks for "Refund and cancel" in
 * /account; the invoice list then shows the refund, and the person got a receipt email for the payment and
 * one for the refund (both from Stripe's events, worker/billing/receipts.ts).
 */
import { expect, test } from "@playwright/test";
import { createVerifiedAccount, signIn, subscribeMonthly } from "./helpers";

test("after Refund and cancel the invoice reads Refunded with the amount, and the person has a receipt for the payment and for the refund", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "refund-invoice");
  await signIn(page, email);
  await subscribeMonthly(page);

  await page.goto("/account");
  const rows = page.getByRole("list", { name: "Your invoices, newest first" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText("Paid");
  await expect(rows.nth(0)).not.toContainText("refunded");

  const offer = page.getByRole("region", { name: "30-day money-back guarantee" });
  await offer.getByRole("button", { name: "Request a refund" }).click();
  await page.getByRole("alertdialog", { name: "Refund €29.99?" }).getByRole("button", { name: "Refund and cancel" }).click();
  await expect(page.getByText("Refund Issued", { exact: true })).toBeVisible();

  // The list is read again from Stripe after the refund: the same one invoice, now refunded in full.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText("Monthly plan");
  await expect(rows.nth(0)).toContainText("€29.99 refunded");
  await expect(rows.nth(0).getByText("Refunded", { exact: true })).toBeVisible();
  await expect(rows.nth(0).getByText("Paid", { exact: true })).toHaveCount(0);

  // One receipt for the payment, one for the refund (receipts come from the webhook, so poll).
  const subjects = async () => {
    const mail = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string; text: string }[];
    };
    return mail.messages
      .filter((m) => m.subject.startsWith("Your Headshot Studio re"))
      .map((m) => m.subject)
      .sort();
  };
  await expect.poll(subjects).toEqual(["Your Headshot Studio receipt: €29.99", "Your Headshot Studio refund: €29.99"]);
});
