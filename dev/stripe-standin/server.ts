/**
 * A local stand-in for the part of Stripe's REST API that Headshot Studio uses, so the real `stripe`
 * SDK can be pointed at it offline:
 *
 *   new Stripe("sk_test_local", { host: "127.0.0.1", port, protocol: "http", httpClient: Stripe.createFetchHttpClient() })
 *
 * It answers /v1 with objects shaped like Stripe's (objects.ts), one module per Stripe resource
 * (customers.ts, subscriptions.ts, invoices.ts, test-clocks.ts…: each its routes) over the billing
 * engine they share (engine/: invoicing, charging, subscriptions' billing steps…; see standin.ts),
 * serves hosted Checkout and portal pages (hosted-pages.ts) and POSTs signed webhooks (webhooks.ts).
 * Each API call waits until the webhooks it caused are delivered before it answers.
 * Test hook (not Stripe's): `GET /__events?customer=cus_…` lists one customer's events,
 * oldest first (events.ts customerEvents).
 *
 * Run alone: `npx tsx dev/stripe-standin/server.ts` (STRIPE_STANDIN_PORT, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { portalRoutes } from "./billing-portal";
import { catalogueRoutes, savedPrices, seedCatalogue, type SeededPrices } from "./catalogue";
import { checkoutRoutes } from "./checkout";
import { customerRoutes } from "./customers";
import { customerEvents, eventRoutes, EventRecorder } from "./events";
import { handlePage, NOT_FOUND } from "./hosted-pages";
import { invoiceRoutes } from "./invoices";
import { API_VERSION, Objects } from "./objects";
import { parseForm, StripeError } from "./params";
import { paymentMethodRoutes } from "./payment-methods";
import { paymentRoutes } from "./payments";
import { refundRoutes } from "./refunds";
import { Api, type Answer } from "./router";
import type { Standin } from "./standin";
import { newId, Store, type EventRecord, type StoreSnapshot } from "./store";
import { scheduleRoutes } from "./subscription-schedules";
import { subscriptionRoutes } from "./subscriptions";
import { testClockRoutes } from "./test-clocks";
import { deliver } from "./webhooks";

export interface StripeStandinOptions {
  webhookUrl?: string;
  webhookSecret: string;
  port?: number;
  /**
   * Keep the stand-in's state (customers, subscriptions, invoices, the clock…) in this JSON file: read at
   * start when it exists, written after every request that can change something. Without it, everything
   * is in memory and new random ids are made at each start.
   */
  stateFile?: string;
  /** Delays before webhook retries (default 200, 800, 2000 ms). */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface StripeStandin {
  url: string;
  port: number;
  secretKey: string;
  prices: SeededPrices;
  stop(): Promise<void>;
}

const SECRET_KEY = "sk_test_headshot_local";

export async function startStripeStandin(opts: StripeStandinOptions): Promise<StripeStandin> {
  const saved = opts.stateFile && existsSync(opts.stateFile) ? (JSON.parse(readFileSync(opts.stateFile, "utf8")) as StoreSnapshot) : null;
  const store = saved ? Store.restore(saved) : new Store(Math.floor(Date.now() / 1000));
  const standin: Standin = { store, objects: new Objects(store), events: new EventRecorder(store) };
  const prices = saved ? savedPrices(store) : seedCatalogue(standin);
  const save = () => {
    if (!opts.stateFile) return;
    const tmp = `${opts.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(store.snapshot()), { mode: 0o600 });
    renameSync(tmp, opts.stateFile);
  };
  save();
  const api = new Api(standin);
  for (const routes of RESOURCES) routes(api);
  const handle = requestHandler(standin, api, opts);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, Buffer.concat(chunks).toString("utf8"), res)
        .then(() => {
          if (req.method !== "GET") save();
        })
        .catch((err: unknown) => {
          opts.log?.(`stripe stand-in: ${String(err)}`);
          if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  standin.objects.baseUrl = baseUrl;

  return {
    url: baseUrl,
    port,
    secretKey: SECRET_KEY,
    prices,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every resource's `/v1` routes. */
const RESOURCES = [
  catalogueRoutes,
  customerRoutes,
  paymentMethodRoutes,
  checkoutRoutes,
  subscriptionRoutes,
  scheduleRoutes,
  invoiceRoutes,
  paymentRoutes,
  refundRoutes,
  portalRoutes,
  testClockRoutes,
  eventRoutes,
];

function send(res: http.ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  const isHtml = typeof answer.body === "string";
  res.writeHead(answer.status, {
    "content-type": isHtml ? "text/html; charset=utf-8" : "application/json",
    "request-id": headers["request-id"] ?? newId("req"),
    "stripe-version": headers["stripe-version"] ?? API_VERSION,
    ...headers,
  });
  res.end(isHtml ? answer.body : JSON.stringify(answer.body, null, 2));
}

/** The API key check: Stripe's 401 answer, or undefined when the key is a test key. */
function unauthorized(auth: string): Answer | undefined {
  const key = /^Bearer (.+)$/.exec(auth)?.[1];
  if (key && key.startsWith("sk_test_")) return undefined;
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return { status: 401, body: { error: { message, type: "invalid_request_error" } } };
}

/**
 * One HTTP request: a hosted page or a `/v1` call (API key, idempotency keys as Stripe keeps them, the
 * route), then the delivery of the events it caused, then the answer.
 */
function requestHandler(standin: Standin, api: Api, opts: StripeStandinOptions) {
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  /** Delivers a call's events in order, each after the one before, then lets the call answer. */
  async function deliverAll(events: EventRecord[]): Promise<void> {
    if (!opts.webhookUrl) return;
    for (const e of events) {
      e.pendingWebhooks = 1;
      const result = await deliver(JSON.stringify(standin.objects.event(e), null, 2), {
        url: opts.webhookUrl,
        secret: opts.webhookSecret,
        retryDelaysMs: opts.webhookRetryDelaysMs,
        log: opts.log,
      });
      e.pendingWebhooks = result.delivered ? 0 : 1;
    }
  }

  function call(
    method: string,
    pathname: string,
    form: ReturnType<typeof parseForm>,
    requestId: string,
    idempotencyKey: string | null,
  ): Answer {
    standin.events.request = { id: requestId, idempotency_key: idempotencyKey };
    try {
      return api.dispatch(method, pathname, form);
    } catch (err) {
      if (err instanceof StripeError) return { status: err.status, body: err.body() };
      opts.log?.(`stripe stand-in: ${String((err as Error).stack ?? err)}`);
      return {
        status: 500,
        body: { error: { type: "api_error", message: `Internal error in the local Stripe stand-in: ${String(err)}` } },
      };
    } finally {
      standin.events.request = { id: null, idempotency_key: null };
    }
  }

  return async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://standin");
    const method = req.method ?? "GET";
    const form = { ...parseForm(url.search.slice(1)), ...(method === "POST" || method === "DELETE" ? parseForm(raw) : {}) };

    if (url.pathname === "/__events" && method === "GET") {
      return send(res, { status: 200, body: { data: customerEvents(standin, String(form.customer ?? "")) } });
    }
    if (!url.pathname.startsWith("/v1/")) {
      const page = handlePage(standin, method, url.pathname, form);
      if (!page) return send(res, NOT_FOUND);
      await deliverAll(standin.events.take());
      return send(res, page.answer, page.redirect ? { location: page.redirect } : {});
    }

    const requestId = newId("req");
    const headers = { "request-id": requestId, "stripe-version": String(req.headers["stripe-version"] ?? API_VERSION) };
    const refused = unauthorized(req.headers.authorization ?? "");
    if (refused) return send(res, refused, headers);

    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const fingerprint = `${method} ${url.pathname} ${method === "GET" ? url.search : raw}`;
    if (idempotencyKey && method !== "GET") {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return send(
          res,
          {
            status: 400,
            body: {
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            },
          },
          headers,
        );
      }
      if (seen) return send(res, seen.answer, { ...headers, "idempotent-replayed": "true", "idempotency-key": idempotencyKey });
    }

    const answer = call(method, url.pathname, form, requestId, idempotencyKey);
    if (idempotencyKey && method !== "GET" && answer.status < 500) idempotent.set(idempotencyKey, { fingerprint, answer });
    await deliverAll(standin.events.take());
    send(res, answer, idempotencyKey ? { ...headers, "idempotency-key": idempotencyKey } : headers);
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standin = await startStripeStandin({
    port: process.env.STRIPE_STANDIN_PORT ? Number(process.env.STRIPE_STANDIN_PORT) : undefined,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local_standin",
    stateFile: process.env.STRIPE_STANDIN_STATE,
    log: console.log,
  });
  console.log(`Stripe stand-in at ${standin.url} (key ${standin.secretKey}); prices ${JSON.stringify(standin.prices)}`);
}
