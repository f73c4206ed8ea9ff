/**
 * Billing test helpers: the real SDK on the file's own local Stripe (its test world, dev/test-worlds.ts), paying on its
 * hosted checkout page, advancing its clock, and delivering its events to our webhook signed as Stripe
 * signs them — a worker under test has no address the stand-in could post to.
 */
import { expect } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { priceChanges, users } from "../../db/schema";
import { getConfig } from "../config";
import { stripeClient } from "../billing/stripe";
import { withTestDb } from "./admin";
import { api, client, createTestUser, variant, type TestUserOptions } from "./helpers";

export const stripe = (): Stripe => stripeClient(getConfig(env));

export const prices = () => ({
  weekly: env.STRIPE_PRICE_WEEKLY,
  monthly: env.STRIPE_PRICE_MONTHLY,
  yearly: env.STRIPE_PRICE_YEARLY,
  team: env.STRIPE_PRICE_TEAM,
});

export const DAY = 86_400;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** A Stripe-Signature header for `body`: t=<unix>,v1=<HMAC-SHA256 of "t.body"> with the webhook secret. */
export async function signature(body: string, secret = env.STRIPE_WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${at}.${body}`));
  return `t=${at},v1=${hex(mac)}`;
}

export async function postWebhook(body: string, sig?: string) {
  return api("/api/stripe/webhook", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(sig === undefined ? { "Stripe-Signature": await signature(body) } : sig ? { "Stripe-Signature": sig } : {}),
    },
    body,
  });
}

const delivered = new Set<string>();

/**
 * Delivers every event the local Stripe has made for the given customer since the last call (oldest first),
 * as the stand-in lists them (its `/__events` test hook, dev/stripe-standin/events.ts), and returns their
 * types and our answers. `newest-first` delivers them in the reverse order, as a worst case of Stripe's
 * unordered delivery.
 */
export async function deliverEvents(
  customerId: string,
  order: "oldest-first" | "newest-first" = "oldest-first",
): Promise<{ type: string; status: number }[]> {
  const listed = await fetch(`${env.STRIPE_API_URL}/__events?customer=${encodeURIComponent(customerId)}`);
  if (!listed.ok) throw new Error(`the local Stripe's events: ${listed.status}`);
  const events = ((await listed.json()) as { data: Stripe.Event[] }).data.filter((e) => !delivered.has(e.id));
  if (order === "newest-first") events.reverse();
  const answers = [];
  for (const e of events) {
    delivered.add(e.id);
    const res = await postWebhook(JSON.stringify(e));
    answers.push({ type: e.type, status: res.status });
  }
  return answers;
}

/** Pays a Checkout Session on the stand-in's hosted page; answers the final response. */
export async function payCheckout(url: string, cardNumber: string) {
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the checkout page: ${html.slice(0, 200)}`);
  const res = await fetch(new URL(action, url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardNumber, expiry: "12 / 34", cvc: "123" }),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** Advances the file's local Stripe's one clock by `seconds` (renewals, phases and period ends happen). */
export async function advanceClock(seconds: number) {
  const clocks = await stripe().testHelpers.testClocks.list();
  const clock = clocks.data[0]!;
  return stripe().testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + seconds });
}

/** The hosted page of an answer that must be a Checkout (a plan change answers `upgrade` or `downgrade` instead). */
export async function checkoutUrl<B extends { type: string }>(res: { json(): Promise<B> }): Promise<string> {
  const body = await res.json();
  if (body.type !== "checkout" || !("url" in body) || typeof body.url !== "string")
    throw new Error(`not a checkout: ${JSON.stringify(body)}`);
  return body.url;
}

/** Delivers the customer's new events (deliverEvents) and expects every one answered 200. */
async function deliverAccepted(customerId: string) {
  const answers = await deliverEvents(customerId);
  expect(
    answers.every((a) => a.status === 200),
    JSON.stringify(answers),
  ).toBe(true);
  return answers;
}

/** The Stripe customer id the app stored for this user. */
export async function customerOf(userId: string): Promise<string> {
  const [row] = await withTestDb((db) => db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)));
  return row!.id!;
}

/** GET /api/stripe/subscription as this user sees it. */
export const subscription = async (auth: Record<string, string>) => (await client.stripe.subscription.$get({}, { headers: auth })).json();
/** GET /api/stripe/scheduled-downgrade as this user sees it. */
export const downgrade = async (auth: Record<string, string>) =>
  (await client.stripe["scheduled-downgrade"].$get({}, { headers: auth })).json();

/** A verified user with no free generations left who subscribes to `plan` with the 4242 card, webhooks delivered. */
export async function subscriber(plan: "weekly" | "monthly" | "yearly" = "monthly", opts: TestUserOptions = {}) {
  const u = await createTestUser({ freeUsed: 2, ...opts });
  const res = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices()[plan] } }, { headers: u.auth });
  expect(res.status).toBe(200);
  const { url } = variant(await res.json(), "type", "checkout");
  const paid = await payCheckout(url, "4242 4242 4242 4242");
  expect(paid.status).toBe(303);
  const customerId = await customerOf(u.user.id);
  const answers = await deliverAccepted(customerId);
  return { ...u, customerId, paid, answers };
}

/** An owner (a new user, or `existing`) who named a team and bought `seats` seats with the 4242 card, webhooks delivered. */
export async function teamOwner<U extends Awaited<ReturnType<typeof createTestUser>>>(seats: number, existing?: U) {
  const u = existing ?? (await createTestUser({ freeUsed: 2 }));
  expect((await client.team.$post({ json: { name: "Billing Co" } }, { headers: u.auth })).status).toBe(201);
  const res = await client.team.checkout.$post({ json: { seats } }, { headers: u.auth });
  expect(res.status).toBe(200);
  const { url } = await res.json();
  const page = await (await fetch(url)).text();
  expect(page).toContain(`× ${seats}`);
  expect((await payCheckout(url, "4242 4242 4242 4242")).status).toBe(303);
  const customerId = await customerOf(u.user.id);
  await deliverAccepted(customerId);
  return { ...u, customerId };
}

/** Makes every later charge to this customer fail (Stripe's pm_card_chargeCustomerFail, card 0341). */
export async function failingCard(customerId: string, subscriptionId: string) {
  const pm = await stripe().paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customerId });
  await stripe().customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
  await stripe().subscriptions.update(subscriptionId, { default_payment_method: pm.id });
}

/**
 * Runs `body` with the price change already in effect for the server (its effective date a second ago), then
 * puts its date back: what a page or a checkout sees once the date has passed, without waiting 30 days.
 */
export async function whileInEffect(change: { id: string; effectiveDate: string }, body: () => Promise<void>) {
  const setEffectiveAt = (at: Date) =>
    withTestDb((db) => db.update(priceChanges).set({ effectiveAt: at }).where(eq(priceChanges.id, change.id)));
  await setEffectiveAt(new Date(Date.now() - 1000));
  try {
    await body();
  } finally {
    await setEffectiveAt(new Date(change.effectiveDate));
  }
}
