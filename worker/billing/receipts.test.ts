/**
 * Refunds and receipts (issue 35, the new user's tour): after "Refund and cancel" the invoice read "Paid"
 * with no refund, and no email came for a payment or a refund. Invoices show what was refunded; every
 * payment and every refund gets a receipt, from Stripe's events, once per event.
 */
import { describe, expect, it } from "vitest";
import { client } from "../test/helpers";
import { deliverEvents, postWebhook, stripe, subscriber } from "../test/billing";
import { formatDate } from "../../copy";

async function mails(to: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to } })).json();
  return (messages as { subject: string; text: string }[]).map((m) => m.subject);
}

describe("refunds and receipts", () => {
  it("a payment and a refund each get one receipt, and the invoice shows the refund", async () => {
    const u = await subscriber("monthly");
    expect(await mails(u.user.email)).toEqual(["Your Headshot Studio receipt: €29.99"]);

    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(200);
    await deliverEvents(u.customerId);
    expect((await mails(u.user.email)).sort()).toEqual(["Your Headshot Studio receipt: €29.99", "Your Headshot Studio refund: €29.99"]);

    const { invoices } = await (await client.stripe.invoices.$get({}, { headers: u.auth })).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 2999, refundedCents: 2999, status: "refunded" });

    // Stripe delivers an event again: no second email
    const events = (await stripe().events.list({ limit: 100 })).data.filter(
      (e) => (e.type === "invoice.paid" || e.type === "refund.created") && JSON.stringify(e.data.object).includes(u.customerId),
    );
    for (const e of events) await postWebhook(JSON.stringify(e));
    expect(await mails(u.user.email)).toHaveLength(2);
  });

  it("a receipt is written in the account's language, its amount and day too (issue 50)", async () => {
    const u = await subscriber("monthly");
    expect(await mails(u.user.email)).toEqual(["Your Headshot Studio receipt: €29.99"]);
    expect((await client.account.profile.$patch({ json: { locale: "de" } }, { headers: u.auth })).status).toBe(200);

    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(200);
    await deliverEvents(u.customerId);
    const { messages } = await (await client.dev.mailbox.$get({ query: { to: u.user.email } })).json();
    const refund = (messages as { subject: string; text: string; locale: string }[]).find((m) => m.locale === "de");
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    expect(plain(refund!.subject)).toBe("Ihre Erstattung von Headshot Studio: 29,99 €");
    const today = formatDate(new Date(), "de", "long", { timeZone: "UTC" });
    expect(plain(refund!.text)).toContain(`Wir haben Ihnen am ${today} 29,99 € auf Ihre Karte erstattet.`);
    expect(refund!.text).toContain("(Konto › Zahlungen verwalten)");
  });
});
