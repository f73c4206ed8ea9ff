/**
 * 30 days' notice of a price change (issue 22, decision 093): the operator schedules the Weekly plan's new
 * price in /admin; a weekly subscriber's mailbox has the notice; /admin lists the change; /pricing
 * announces it while today's price stays.
 */
import { expect, test } from "@playwright/test";
import { CARDS, OPERATOR, createVerifiedAccount, ensureOperator, openTab, payOnCheckoutPage, signIn, toastSaying } from "./helpers";

test("the operator schedules a price change; the subscriber is emailed; /admin lists it and /pricing announces it", async ({
  browser,
  page,
  request,
}) => {
  await ensureOperator(request);
  const subscriber = await createVerifiedAccount(request, "price-notice");
  await signIn(page, subscriber);
  await payOnCheckoutPage(page, { plan: "Weekly", card: CARDS.visa });

  const admin = await browser.newPage();
  await signIn(admin, OPERATOR);
  await admin.goto("/admin");
  await openTab(admin, "Financials");
  const form = admin.getByRole("form", { name: "Schedule a price change" });
  await form.getByRole("radio", { name: /^Weekly/ }).click();
  const date = form.getByLabel("From");
  const earliest = await date.inputValue();
  expect(earliest).toMatch(/^\d{4}-\d\d-\d\d$/);
  // The date field starts at the earliest day the server accepts, and offers none before it.
  await expect(date).toHaveAttribute("min", earliest);
  await form.getByLabel("New price (€)").fill("12.99");
  await form.getByRole("button", { name: "Schedule Price Change" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Schedule this price change?" });
  await expect(confirm).toContainText("The Weekly plan goes from €9.99 to €12.99");
  await confirm.getByRole("button", { name: "Schedule and Email Subscribers" }).click();
  await expect(toastSaying(admin, "Price Change Scheduled")).toBeVisible();

  const when = new Date(`${earliest}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const row = admin.getByRole("table", { name: "Scheduled price changes" }).getByRole("row").filter({ hasText: "€9.99 → €12.99" });
  await expect(row).toContainText("Weekly");
  await expect(row).toContainText(when);
  await expect(row).toContainText("Scheduled");
  await expect(row).toContainText(`by ${OPERATOR}`);

  // The subscriber's mailbox has the notice: old → new, the date (as English emails write it: en-IE), how to cancel.
  const mailDay = new Date(`${earliest}T00:00:00Z`).toLocaleDateString("en-IE", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(subscriber)}`);
        const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
        return messages.filter((m) => m.subject === `The price of your Weekly plan changes on ${mailDay}`).map((m) => m.text);
      },
      { message: "the price change notice" },
    )
    .toEqual([expect.stringMatching(/from €9\.99 to €12\.99 a week[\s\S]*cancel at any time before/)]);

  // /pricing keeps today's price and announces the new one (in a fresh browser: the plans list may be
  // cached for five minutes, which is fine 30 days ahead).
  const later = await (await browser.newContext()).newPage();
  await signIn(later, subscriber);
  await later.goto("/pricing");
  const weekly = later.getByRole("group", { name: "Weekly", exact: true });
  await expect(weekly.getByText("€9.99", { exact: true })).toBeVisible();
  // the page writes dates in its language (issue 50): English as in Ireland, day before month
  const shown = new Intl.DateTimeFormat("en-IE", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${earliest}T00:00:00Z`),
  );
  await expect(weekly.getByText(`From ${shown}: €12.99 / week`)).toBeVisible();
  await admin.close();
});
