/**
 * Billing of the Team plan end to end against the file's own local Stripe (issue 25; split from flows.test.ts).
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { invoices, refunds, subscriptions, users } from "../../db/schema";
import { withTestDb as rows } from "../test/admin";
import { euros } from "../../domain/plans";
import { formatDate } from "../../copy";
import { mailTitled } from "../test/auth";
import { client, createTestUser, env, errorBody, variant } from "../test/helpers";
import { upload } from "../test/headshots";
import { DAY, advanceClock, customerOf, deliverEvents, failingCard, payCheckout, stripe, subscription, teamOwner } from "../test/billing";
import { invitationToken } from "../test/teams";
import { getConfig } from "../config";
import { deleteUser } from "../account/delete-user";

/**
 * The Team plan (issue 25): seats bought through Checkout with a quantity, added now with a prorated
 * charge, removed at the period end (never below the members and open invitations), cancelled at the
 * period end, refunded within 30 days; the members' paid features follow the subscription.
 */
describe("the Team plan", () => {
  const team = async (auth: Record<string, string>) => (await client.team.$get({}, { headers: auth })).json();

  const ownerView = async (auth: Record<string, string>) => variant((await team(auth))!, "role", "owner");
  const teamSub = (ownerAuth: Record<string, string>) => ownerView(ownerAuth).then((t) => t.subscription);

  it("Checkout with a quantity: the seats, the invoice of seats × €19.99, and the owner's paid features", async () => {
    const owner = await teamOwner(3);
    expect(await teamSub(owner.auth)).toMatchObject({
      status: "active",
      seats: 3,
      entitled: true,
      cancelAtPeriodEnd: false,
      scheduledSeats: null,
    });
    expect((await ownerView(owner.auth)).seats).toEqual({ paid: 3, used: 1, invited: 0 });
    const paid = await rows((db) => db.select().from(invoices).where(eq(invoices.userId, owner.user.id)));
    expect(paid.map((i) => [i.amountCents, i.billingReason, i.planType])).toEqual([[3 * 1999, "subscription_create", "team"]]);
    // the owner takes a seat: paid features without a plan of their own
    expect(await subscription(owner.auth)).toBeNull();
    expect((await upload(owner.auth)).res.status).toBe(201);
    // a second Checkout while the team's subscription is live is refused
    expect((await client.team.checkout.$post({ json: { seats: 4 } }, { headers: owner.auth })).status).toBe(409);
    for (const seats of [1, 101, 2.5])
      expect((await client.team.checkout.$post({ json: { seats } }, { headers: (await createTestUser()).auth })).status).not.toBe(200);
  });

  it("adding seats charges the prorated difference now; removing them waits for the period end and never goes below the members", async () => {
    const owner = await teamOwner(2);
    await advanceClock(10 * DAY);
    const preview = await (await client.team["seats-preview"].$get({ query: { seats: "4" } }, { headers: owner.auth })).json();
    const added = await client.team.seats.$post({ json: { seats: 4 } }, { headers: { ...owner.auth, "Accept-Language": "de-DE" } });
    expect(added.status).toBe(200);
    // said in the owner's language (issue 50)
    expect((await added.json()).message).toBe("Das Team hat jetzt 4 Plätze. Die anteilige Differenz wurde Ihrer Karte belastet.");
    expect(await teamSub(owner.auth)).toMatchObject({ seats: 4, scheduledSeats: null });
    await deliverEvents(owner.customerId);
    const [update] = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, owner.user.id), eq(invoices.billingReason, "subscription_update"))),
    );
    expect(update!.amountCents).toBe(preview.amountCents);
    expect(update!.amountCents).toBeGreaterThan(0);
    expect(update!.amountCents).toBeLessThan(2 * 1999);

    // members and open invitations hold seats: 1 owner + 1 member + 1 invitation = 3
    const member = await createTestUser();
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    await client.team.invitations.$post({ json: { email: "pending@example.test" } }, { headers: owner.auth });
    const tooFew = await client.team.seats.$post({ json: { seats: 2 } }, { headers: owner.auth });
    expect(tooFew.status).toBe(409);
    expect((await errorBody(tooFew)).message).toMatch(/fewer seats than the members/);

    const removed = await client.team.seats.$post({ json: { seats: 3 } }, { headers: { ...owner.auth, Cookie: "locale=fr" } });
    expect(removed.status).toBe(200);
    const pending = (await teamSub(owner.auth))!;
    expect(pending).toMatchObject({ seats: 4, scheduledSeats: 3 });
    expect((await removed.json()).message).toBe(
      `L'équipe aura 3 places à partir du ${formatDate(pending.currentPeriodEnd!, "fr", "long", { timeZone: "UTC" })} ; d'ici là, elle garde 4 places.`,
    );
    expect(pending.scheduledAt).toBe(pending.currentPeriodEnd);
    // what may be filled already counts the smaller number: no fourth person now
    expect((await ownerView(owner.auth)).seats).toEqual({ paid: 3, used: 2, invited: 1 });
    expect((await client.team.invitations.$post({ json: { email: "fourth@example.test" } }, { headers: owner.auth })).status).toBe(409);

    await advanceClock(25 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "active", seats: 3, scheduledSeats: null });
    const renewals = await rows((db) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, owner.user.id), eq(invoices.billingReason, "subscription_cycle"))),
    );
    expect(renewals.map((r) => r.amountCents)).toEqual([3 * 1999]);
  });

  it("cancelling keeps every seat until the period end, then members lose the paid features", async () => {
    const owner = await teamOwner(2);
    const member = await createTestUser({ freeUsed: 2 });
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    expect((await upload(member.auth)).res.status).toBe(201);
    expect((await client.team.cancel.$post({}, { headers: owner.auth })).status).toBe(200);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "active", cancelAtPeriodEnd: true, entitled: true });
    expect((await upload(member.auth)).res.status).toBe(201);
    await advanceClock(31 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "canceled", entitled: false });
    expect((await upload(member.auth)).res.status).toBe(402);
    expect(variant((await team(member.auth))!, "role", "member").entitled).toBe(false);
  });

  it("a seat change, a cancel and a resume tell the owner's Stripe customer the account's language (decision 440)", async () => {
    const owner = await teamOwner(2);
    const localesOf = async () =>
      ((await stripe().customers.retrieve(owner.customerId)) as { preferred_locales: string[] }).preferred_locales;
    const setLocale = (locale: string) => rows((db) => db.update(users).set({ locale }).where(eq(users.id, owner.user.id)));
    expect(await localesOf()).toEqual(["en"]);
    // each time the account's language changed without Stripe hearing of it
    await setLocale("de");
    expect((await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth })).status).toBe(200);
    expect(await localesOf()).toEqual(["de"]);
    await setLocale("fr");
    expect((await client.team.cancel.$post({}, { headers: owner.auth })).status).toBe(200);
    expect(await localesOf()).toEqual(["fr"]);
    await setLocale("es");
    expect((await client.team.resume.$post({}, { headers: owner.auth })).status).toBe(200);
    expect(await localesOf()).toEqual(["es"]);
  });

  it("a failed renewal (past_due) pauses the members' paid features as it pauses a person's", async () => {
    const owner = await teamOwner(2);
    const member = await createTestUser({ freeUsed: 2 });
    await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
    await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
    const sub = (await stripe().subscriptions.list({ customer: owner.customerId })).data[0]!;
    await failingCard(owner.customerId, sub.id);
    await advanceClock(31 * DAY);
    await deliverEvents(owner.customerId);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "past_due", entitled: false });
    expect((await upload(member.auth)).res.status).toBe(402);
    const refused = await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth });
    expect(refused.status).toBe(409);
    // in the owner's language (issue 50)
    const italian = await client.team.seats.$post({ json: { seats: 3 } }, { headers: { ...owner.auth, Cookie: "locale=it" } });
    expect(await errorBody(italian)).toMatchObject({
      code: "conflict",
      message: "L'ultimo pagamento del team non è andato a buon fine. Aggiorna prima la carta in «Gestisci fatturazione».",
    });
  });

  it("the 30-day money-back covers the team's first subscription: every payment back, the subscription ended", async () => {
    const owner = await teamOwner(2);
    await client.team.seats.$post({ json: { seats: 3 } }, { headers: owner.auth });
    const offer = variant(await (await client.team["refund-eligibility"].$get({}, { headers: owner.auth })).json(), "eligible", true);
    expect(offer).toMatchObject({ eligible: true, currency: "eur" });
    const res = await client.team.refund.$post({}, { headers: owner.auth });
    expect(res.status).toBe(200);
    expect((await res.json()).refundedCents).toBe(offer.amountCents);
    expect(await teamSub(owner.auth)).toMatchObject({ status: "canceled" });
    expect((await client.team.refund.$post({}, { headers: owner.auth })).status).toBe(400);
    // the owner's own money-back (no personal plan) is a separate matter
    expect((await (await client.stripe["refund-eligibility"].$get({}, { headers: owner.auth })).json()).eligible).toBe(false);
  });

  it("two Team Checkouts for one team, both paid: one stays, the other is cancelled and refunded in full", async () => {
    const u = await createTestUser();
    await client.team.$post({ json: { name: "Twice" } }, { headers: u.auth });
    const a = await (await client.team.checkout.$post({ json: { seats: 2 } }, { headers: u.auth })).json();
    const b = await (await client.team.checkout.$post({ json: { seats: 5 } }, { headers: u.auth })).json();
    expect((await payCheckout(a.url, "4242 4242 4242 4242")).status).toBe(303);
    expect((await payCheckout(b.url, "4242 4242 4242 4242")).status).toBe(303);
    const customerId = await customerOf(u.user.id);
    await deliverEvents(customerId);
    // one stays, the other is cancelled (which: the one that started first; on the test clock both start in
    // the same second, and the tie goes by Stripe's id as Postgres orders it, decision 090)
    const all = (await stripe().subscriptions.list({ customer: customerId, status: "all" })).data;
    expect(all).toHaveLength(2);
    const first = all.find((x) => x.status !== "canceled");
    const second = all.find((x) => x.status === "canceled");
    expect(first && second).toBeTruthy();
    const seatsOf = (sub: typeof first) => sub!.items.data[0]!.quantity!;
    expect(first!.created).toBeLessThanOrEqual(second!.created);
    const stored = await rows((db) => db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, second!.id)));
    expect(stored[0]).toMatchObject({ status: "canceled", seats: seatsOf(second) });
    expect(await teamSub(u.auth)).toMatchObject({ seats: seatsOf(first), status: "active" });
    const refunded = await rows((db) => db.select().from(refunds).where(eq(refunds.userId, u.user.id)));
    expect(refunded.map((r) => r.amountCents)).toEqual([seatsOf(second) * 1999]);
    const mail = await mailTitled(u.user.email, "We refunded your second subscription"); // receipts come too (issue 35)
    expect(mail?.subject).toBe("We refunded your second subscription");
    expect(mail?.text).toContain(euros(seatsOf(second) * 1999, "eur"));
  });

  it("a team's owner cannot be deleted before the team is closed; closing needs the subscription cancelled", async () => {
    const owner = await teamOwner(2);
    await expect(rows((db) => deleteUser(db, getConfig(env), env.IMAGES, owner.user.id))).rejects.toThrow(/owns the team "Billing Co"/);
    expect(await rows((db) => db.select().from(users).where(eq(users.id, owner.user.id)))).toHaveLength(1);
    expect((await stripe().subscriptions.list({ customer: owner.customerId })).data).toHaveLength(1); // nothing cancelled
    expect((await client.team.$delete({}, { headers: owner.auth })).status).toBe(409);
    await client.team.cancel.$post({}, { headers: owner.auth });
    expect((await client.team.$delete({}, { headers: owner.auth })).status).toBe(200);
    expect(await team(owner.auth)).toBeNull();
    expect((await stripe().subscriptions.list({ customer: owner.customerId })).data).toEqual([]);
  });
});
