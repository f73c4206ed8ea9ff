import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { startStripeStandin, type StripeStandin } from "./server";

const sdk = (s: StripeStandin) =>
  new Stripe(s.secretKey, {
    host: "127.0.0.1",
    port: s.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });

describe("state file", () => {
  it("keeps prices, customers, subscriptions and the clock across a restart", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "stripe-standin-")), "state.json");
    const first = await startStripeStandin({ webhookSecret: "whsec_x", stateFile });
    const stripe = sdk(first);
    const customer = await stripe.customers.create({ email: "keep@example.com" });
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: first.prices.yearly }],
      default_payment_method: card.id,
    });
    const [clock] = (await stripe.testHelpers.testClocks.list()).data;
    await stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: clock!.frozen_time + 86_400 });
    await first.stop();

    const second = await startStripeStandin({ webhookSecret: "whsec_x", stateFile });
    try {
      expect(second.prices).toEqual(first.prices);
      const again = sdk(second);
      expect((await again.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: "keep@example.com" });
      const kept = await again.subscriptions.retrieve(sub.id);
      expect(kept.status).toBe("active");
      expect(kept.items.data[0]!.price.id).toBe(first.prices.yearly);
      const [clockAgain] = (await again.testHelpers.testClocks.list()).data;
      expect(clockAgain).toMatchObject({ id: clock!.id, frozen_time: clock!.frozen_time + 86_400 });
      // New objects keep counting after the restored ones (no duplicate sequence numbers).
      const later = await again.customers.create({ email: "later@example.com" });
      const listed = await again.customers.list({ limit: 2 });
      expect(listed.data.map((c) => c.id)).toEqual([later.id, customer.id]);
    } finally {
      await second.stop();
    }
  });

  it("without a state file, each start has its own prices", async () => {
    const a = await startStripeStandin({ webhookSecret: "whsec_x" });
    const b = await startStripeStandin({ webhookSecret: "whsec_x" });
    expect(a.prices.monthly).not.toBe(b.prices.monthly);
    await a.stop();
    await b.stop();
  });
});
