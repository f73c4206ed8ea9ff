/**
 * Test harness: a stand-in, the real `stripe` SDK pointed at it, and a webhook receiver that verifies
 * every delivery with the SDK's `constructEvent` (as the product's webhook route will).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { startStripeStandin, type StripeStandin } from "./server";

export const WEBHOOK_SECRET = "whsec_test_standin_secret";

export interface Received {
  event: Stripe.Event;
  signature: string;
}

export interface Harness {
  standin: StripeStandin;
  stripe: Stripe;
  /** Verified webhook deliveries in arrival order. */
  received: Received[];
  /** Answer the next n deliveries with this status (then 200 again). */
  failNext(n: number, status?: number): void;
  /** Deliveries that arrived, including refused ones. */
  attempts: number;
  /** Types of the events received since the last call. */
  takeTypes(): string[];
  /** Checkout through the hosted page: GET the page, POST the form; returns the final response. */
  payCheckout(session: Stripe.Checkout.Session, cardNumber: string): Promise<{ status: number; location: string | null; html: string }>;
  /** Advances the one test clock by `seconds`. */
  advance(seconds: number): Promise<Stripe.TestHelpers.TestClock>;
  stop(): Promise<void>;
}

export async function startHarness(opts: { webhooks?: boolean } = {}): Promise<Harness> {
  const received: Received[] = [];
  let failures = 0;
  let failStatus = 500;
  let attempts = 0;
  let taken = 0;
  const verifier = new Stripe("sk_test_verifier");

  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      attempts += 1;
      if (failures > 0) {
        failures -= 1;
        res.writeHead(failStatus).end("try again");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = String(req.headers["stripe-signature"] ?? "");
      try {
        const event = verifier.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
        received.push({ event, signature });
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;

  const standin = await startStripeStandin({
    webhookUrl: opts.webhooks === false ? undefined : receiverUrl,
    webhookSecret: WEBHOOK_SECRET,
    webhookRetryDelaysMs: [50, 100, 200],
  });
  const stripe = new Stripe(standin.secretKey, {
    host: "127.0.0.1",
    port: standin.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });

  return {
    standin,
    stripe,
    received,
    get attempts() {
      return attempts;
    },
    failNext(n, status = 500) {
      failures = n;
      failStatus = status;
    },
    takeTypes() {
      const types = received.slice(taken).map((r) => r.event.type);
      taken = received.length;
      return types;
    },
    async payCheckout(session, cardNumber) {
      const page = await fetch(session.url!);
      const html = await page.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form on the checkout page: ${html.slice(0, 200)}`);
      const res = await fetch(new URL(action, session.url!), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ cardNumber, expiry: "12 / 34", cvc: "123" }),
        redirect: "manual",
      });
      return { status: res.status, location: res.headers.get("location"), html: await res.text() };
    },
    async advance(seconds) {
      const clocks = await stripe.testHelpers.testClocks.list();
      const clock = clocks.data[0]!;
      return stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + seconds });
    },
    async stop() {
      await standin.stop();
      await new Promise<void>((r) => {
        receiver.closeAllConnections();
        receiver.close(() => r());
      });
    },
  };
}

/** A customer with a subscription (of `quantity` units) bought through the hosted checkout page with the 4242 card. */
export async function subscribedCustomer(h: Harness, price: string, email = "pat@example.com", quantity = 1) {
  const customer = await h.stripe.customers.create({ email, metadata: { userId: "u1" } });
  const session = await h.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price, quantity }],
    success_url: "http://app.test/billing/success?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing",
    client_reference_id: "u1",
    metadata: { userId: "u1" },
    subscription_data: { metadata: { userId: "u1" } },
  });
  const paid = await h.payCheckout(session, "4242 4242 4242 4242");
  if (paid.status !== 303) throw new Error(`checkout failed: ${paid.status} ${paid.html.slice(0, 300)}`);
  const done = await h.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
  return { customer, session: done, subscription };
}

export const DAY = 86_400;
