/**
 * Webhook signing and delivery, as Stripe does it: the event JSON is POSTed with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint secret>`,
 * so the product verifies it with the SDK's `stripe.webhooks.constructEvent`.
 *
 * The timestamp is the wall clock, not the test clock: `constructEvent` rejects signatures older than
 * five minutes of real time.
 */
import { createHmac } from "node:crypto";

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliveryOptions {
  url: string;
  secret: string;
  /** Waits before each retry; the default keeps a failing receiver from slowing calls for long. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface DeliveryResult {
  delivered: boolean;
  attempts: number;
  lastStatus: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs one event, retrying on a non-2xx answer or a network error. Stripe retries for days; the
 * stand-in retries a few times within seconds, because the API call that caused the event waits for
 * its delivery (tests and the local app can then rely on "the call returned, the webhook was handled").
 */
export async function deliver(body: string, opts: DeliveryOptions): Promise<DeliveryResult> {
  const delays = opts.retryDelaysMs ?? [200, 800, 2000];
  let lastStatus: number | null;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(opts.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signPayload(body, opts.secret),
        },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      lastStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return { delivered: true, attempts: attempt, lastStatus };
    } catch {
      lastStatus = null;
    }
    const delay = delays[attempt - 1];
    if (delay === undefined) {
      opts.log?.(`webhook to ${opts.url} failed after ${attempt} attempts (last status ${lastStatus ?? "network error"})`);
      return { delivered: false, attempts: attempt, lastStatus };
    }
    await sleep(delay);
  }
}
