/**
 * A plan canceled at the period end (issue 46 item 19; decisions 341 and 342), against the file's own local
 * Stripe: no plan change is made on it (a typed 409), and the cancellation is confirmed by email once.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { invoices, processedProviderEvents, subscriptions } from "../../db/schema";
import { withTestDb as rows } from "../test/admin";
import { client, env, errorBody, variant } from "../test/helpers";
import { formatDate, type Locale } from "../../copy";
import { DAY, advanceClock, deliverEvents, postWebhook, prices, stripe, subscriber, subscription, teamOwner } from "../test/billing";

/** A billing day as an email in `locale` writes it (copy/format.ts: English is en-IE, "5 January 2027"), plain spaces. */
const mailDay = (iso: string, locale: Locale = "en") => formatDate(iso, locale, "long", { timeZone: "UTC" });
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

async function stripeIdOf(userId: string): Promise<string> {
  const [row] = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId)));
  return row!.stripeSubscriptionId;
}

/** "Cancel plan" (or "Renew plan") on the local Stripe's hosted portal, opened the way the account page opens it. */
async function inPortal(auth: Record<string, string>, subscriptionId: string, action: "cancel" | "renew") {
  const { url } = await (await client.stripe["create-portal-session"].$post({}, { headers: auth })).json();
  const res = await fetch(`${url}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ subscription: subscriptionId }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
}

/** Every dev-mailbox message to `to` with this subject. */
async function mailsTitled(to: string, subject: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to } })).json();
  return messages.filter((m) => m.subject === subject);
}

/** The local Stripe's events for this customer (newest first), as its `/__events` test hook lists them. */
async function eventsOf(customerId: string): Promise<Stripe.Event[]> {
  const listed = await fetch(`${env.STRIPE_API_URL}/__events?customer=${encodeURIComponent(customerId)}`);
  return ((await listed.json()) as { data: Stripe.Event[] }).data;
}

describe("a plan canceled at the period end is changed no more (issue 46)", () => {
  it("upgrade, downgrade, the same plan and the upgrade's preview answer 409 subscription_canceled, and Stripe is not touched", async () => {
    const u = await subscriber("monthly");
    const id = await stripeIdOf(u.user.id);
    await inPortal(u.auth, id, "cancel");
    await deliverEvents(u.customerId);
    const shown = await subscription(u.auth);
    expect(shown).toMatchObject({ status: "active", planType: "monthly", cancelAtPeriodEnd: true });
    // the day as copy/format.ts writes it in the reader's language (English "5 January 2027", decision 410)
    const says = `Your Monthly plan is canceled and ends on ${mailDay(shown!.currentPeriodEnd!)}. To change plans, first renew it with Manage Billing on your account page.`;

    for (const priceId of [prices().yearly, prices().weekly, prices().monthly]) {
      for (const res of [
        await client.stripe["change-subscription"].$post({ json: { priceId } }, { headers: u.auth }),
        await client.stripe["create-checkout-session"].$post({ json: { priceId } }, { headers: u.auth }),
      ]) {
        expect(res.status).toBe(409);
        expect(await errorBody(res)).toMatchObject({ code: "subscription_canceled", message: says });
      }
    }
    const preview = await client.stripe["upgrade-preview"].$get({ query: { priceId: prices().yearly } }, { headers: u.auth });
    expect(preview.status).toBe(409);
    expect(await errorBody(preview)).toMatchObject({ code: "subscription_canceled" });

    // said in the reader's language, the plan's name and the day in it too (issue 50): the browser's language, else the cookie's
    const german = await client.stripe["change-subscription"].$post(
      { json: { priceId: prices().yearly } },
      { headers: { ...u.auth, "Accept-Language": "de-DE,de;q=0.9" } },
    );
    expect(german.status).toBe(409);
    expect(await errorBody(german)).toMatchObject({
      code: "subscription_canceled",
      message: `Ihr Tarif Monatlich ist gekündigt und endet am ${mailDay(shown!.currentPeriodEnd!, "de")}. Um den Tarif zu wechseln, verlängern Sie ihn zuerst unter „Zahlungen verwalten“ auf Ihrer Kontoseite.`,
    });
    const french = await client.stripe["upgrade-preview"].$get(
      { query: { priceId: prices().yearly } },
      { headers: { ...u.auth, Cookie: "locale=fr", "Accept-Language": "de-DE" } },
    );
    expect(await errorBody(french)).toMatchObject({
      code: "subscription_canceled",
      message: `Votre formule Mensuel est résiliée et prend fin le ${mailDay(shown!.currentPeriodEnd!, "fr")}. Pour changer de formule, renouvelez-la d'abord dans « Gérer la facturation » sur la page de votre compte.`,
    });
    expect(mailDay(shown!.currentPeriodEnd!, "fr")).not.toBe(mailDay(shown!.currentPeriodEnd!, "de"));

    // nothing was charged or scheduled: the plan still ends as it was, on its own price, paid once
    const atStripe = await stripe().subscriptions.retrieve(id);
    expect(atStripe).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect(atStripe.items.data[0]!.price.id).toBe(prices().monthly);
    expect(await rows((db) => db.select().from(invoices).where(eq(invoices.userId, u.user.id)))).toHaveLength(1);
    expect(await (await client.stripe["scheduled-downgrade"].$get({}, { headers: u.auth })).json()).toBeNull();

    // renewed in the portal, the plan changes again
    await inPortal(u.auth, id, "renew");
    await deliverEvents(u.customerId);
    const upgrade = await client.stripe["change-subscription"].$post({ json: { priceId: prices().yearly } }, { headers: u.auth });
    expect(upgrade.status).toBe(200);
    expect(variant(await upgrade.json(), "type", "upgrade").message).toMatch(/Yearly/);
  });

  it("once the canceled plan has ended, a plan is an ordinary checkout again", async () => {
    const u = await subscriber("weekly");
    await inPortal(u.auth, await stripeIdOf(u.user.id), "cancel");
    await deliverEvents(u.customerId);
    await advanceClock(8 * DAY);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
    const res = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: "checkout" });
  });
});

describe("a cancellation is confirmed by email (issue 46)", () => {
  const SUBJECT = "Your Monthly plan is canceled";

  it("once, with the date the plan ends, however often Stripe delivers the event; a second cancellation is confirmed again", async () => {
    const u = await subscriber("monthly");
    const id = await stripeIdOf(u.user.id);
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(0);
    await inPortal(u.auth, id, "cancel");
    expect((await deliverEvents(u.customerId)).every((a) => a.status === 200)).toBe(true);

    const [mail] = await mailsTitled(u.user.email, SUBJECT);
    const end = mailDay((await subscription(u.auth))!.currentPeriodEnd!);
    expect(mail!.text).toContain(`your Monthly plan is canceled: it won't renew, and you won't be charged for it again.`);
    expect(mail!.text).toContain(`You keep its paid features until ${end}, the end of the period you paid for.`);
    expect(mail!.text).toContain(`Renew it before ${end} from your account settings (Account › Manage Billing)`);
    expect(mail!.text).toContain("http://app.test/account");

    // Stripe retries the event: acknowledged as a duplicate, no second email
    const canceled = (await eventsOf(u.customerId)).find(
      (e) =>
        e.type === "customer.subscription.updated" && e.data.previous_attributes && "cancel_at_period_end" in e.data.previous_attributes,
    )!;
    expect(await (await postWebhook(JSON.stringify(canceled))).json()).toEqual({ received: true, duplicate: true });
    // the event forgotten (a settle that failed) and delivered again: still one email
    await rows((db) => db.delete(processedProviderEvents).where(eq(processedProviderEvents.id, canceled.id)));
    expect(await (await postWebhook(JSON.stringify(canceled))).json()).toEqual({ received: true });
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(1);

    // renewed: no email; canceled again a day later: a new cancellation, confirmed again
    await inPortal(u.auth, id, "renew");
    await deliverEvents(u.customerId);
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(1);
    await advanceClock(DAY);
    await deliverEvents(u.customerId);
    await inPortal(u.auth, id, "cancel");
    await deliverEvents(u.customerId);
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(2);
  });

  it("a cancellation already undone when its event arrives sends nothing; a refund that ends the plan at once is not one", async () => {
    const u = await subscriber("monthly");
    const id = await stripeIdOf(u.user.id);
    await inPortal(u.auth, id, "cancel");
    await inPortal(u.auth, id, "renew");
    await deliverEvents(u.customerId, "oldest-first");
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(0);
    expect((await client.stripe.refund.$post({}, { headers: u.auth })).status).toBe(200);
    await deliverEvents(u.customerId);
    expect(await subscription(u.auth)).toMatchObject({ status: "canceled" });
    expect(await mailsTitled(u.user.email, SUBJECT)).toHaveLength(0);
  });

  it("a team's owner who cancels the Team plan is told when the team's seats end and how to keep it", async () => {
    const owner = await teamOwner(2);
    expect((await client.team.cancel.$post({}, { headers: owner.auth })).status).toBe(200);
    await deliverEvents(owner.customerId);
    const [mail] = await mailsTitled(owner.user.email, "The Team plan of Billing Co is canceled");
    expect(mail!.text).toMatch(/Everyone in the team keeps their seat until \d+ \w+ \d{4}, the end of the period you paid for\./);
    expect(mail!.text).toContain("Choose Keep subscription on the team page");
    expect(mail!.text).toContain("http://app.test/team");
  });

  it("is written in the account's language: a German person's and a French team owner's (issue 50)", async () => {
    const u = await subscriber("monthly");
    expect((await client.account.profile.$patch({ json: { locale: "de" } }, { headers: u.auth })).status).toBe(200);
    await inPortal(u.auth, await stripeIdOf(u.user.id), "cancel");
    await deliverEvents(u.customerId);
    const [mail] = await mailsTitled(u.user.email, "Ihr Tarif Monatlich ist gekündigt");
    const end = mailDay((await subscription(u.auth))!.currentPeriodEnd!, "de");
    expect(plain(mail!.text)).toContain(`Die bezahlten Funktionen bleiben Ihnen bis zum ${end} erhalten`);
    expect(plain(mail!.text)).toContain(
      `Verlängern Sie den Tarif vor dem ${end} in Ihren Kontoeinstellungen (Konto › Zahlungen verwalten)`,
    );
    expect(mail!.text).not.toMatch(/canceled|Monthly/);

    const owner = await teamOwner(2);
    expect((await client.account.profile.$patch({ json: { locale: "fr" } }, { headers: owner.auth })).status).toBe(200);
    expect((await client.team.cancel.$post({}, { headers: owner.auth })).status).toBe(200);
    await deliverEvents(owner.customerId);
    const [team] = await mailsTitled(owner.user.email, "La formule Team de l'équipe Billing Co est résiliée");
    expect(plain(team!.text)).toMatch(/Chaque membre de l'équipe garde sa place jusqu'au \d+ \S+ \d{4}, fin de la période payée\./);
    expect(team!.text).toContain("« Garder l'abonnement »");
  });
});
