import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { startStandins, STRIPE_STANDIN_WEBHOOK_SECRET, type Standins } from "./standins";

/** A webhook receiver standing in for the worker: the raw bodies and signatures it got. */
async function receiver() {
  const got: { body: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let running: { standins: Standins; stop: () => Promise<void> } | undefined;
afterEach(async () => {
  await running?.standins.stop();
  await running?.stop();
  running = undefined;
});

/** Starts only the local Stripe (Gemini and Google are "real" here), signing webhooks for `workerUrl`. */
async function stripeOnly(given: Record<string, string>) {
  const worker = await receiver();
  const standins = await startStandins({
    appUrl: worker.url,
    workerUrl: worker.url,
    dataDir: mkdtempSync(join(tmpdir(), "standins-")),
    vars: { GEMINI_API_KEY: "k", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", ...given },
  });
  running = { standins, stop: worker.stop };
  const stripe = new Stripe(standins.vars.STRIPE_SECRET_KEY!, {
    host: "127.0.0.1",
    port: Number(new URL(standins.vars.STRIPE_API_URL!).port),
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
  });
  await stripe.customers.create({ email: "pat@example.com" }); // sends customer.created
  expect(worker.got.length).toBeGreaterThan(0);
  return { standins, delivery: worker.got[0]! };
}

describe("the local Stripe's webhook secret", () => {
  it("is the STRIPE_WEBHOOK_SECRET given to npm start: the worker gets it and the stand-in signs with it", async () => {
    const { standins, delivery } = await stripeOnly({ STRIPE_WEBHOOK_SECRET: "whsec_given_by_the_developer" });
    expect(standins.vars.STRIPE_WEBHOOK_SECRET).toBe("whsec_given_by_the_developer");
    const event = new Stripe("sk_test_x").webhooks.constructEvent(delivery.body, delivery.signature, "whsec_given_by_the_developer");
    expect(event.type).toBe("customer.created");
  });

  it("is the stand-in's own when none is given, on both sides", async () => {
    const { standins, delivery } = await stripeOnly({});
    expect(standins.vars.STRIPE_WEBHOOK_SECRET).toBe(STRIPE_STANDIN_WEBHOOK_SECRET);
    expect(new Stripe("sk_test_x").webhooks.constructEvent(delivery.body, delivery.signature, STRIPE_STANDIN_WEBHOOK_SECRET).type).toBe(
      "customer.created",
    );
  });
});
