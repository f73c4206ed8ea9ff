/**
 * Helpers for worker tests (inside workerd). Each test makes its own users with unique emails, so test
 * files never see each other's rows.
 */
import { expect } from "vitest";
import { createExecutionContext, env } from "cloudflare:test";
import { hc } from "hono/client";
import { app, type AppType } from "../app";
import worker from "../index";
import { createDb } from "../../db";
import { credits, subscriptions, users } from "../../db/schema";
import { billingPlanById, isTeamPlan, type BillingPlan, type PlanType } from "../../domain/plans";
import { getConfig } from "../config";
import { signAccessToken } from "../lib/access-tokens";
import type { JobDeps } from "../lib/context";
import type { ChoreMessage } from "../env";
import { runChore } from "../queue";
import { windowStart } from "../lib/rate-limit";

export { env };

export function testDb() {
  return createDb(getConfig(env));
}

/** A queue that keeps what is sent to it, for the test to look at or deliver. */
export function recordingQueue<T = unknown>(): { sent: T[]; queue: Queue<T> } {
  const sent: T[] = [];
  const queue = {
    send: async (body: T) => {
      sent.push(body);
    },
    sendBatch: async (batch: Iterable<MessageSendRequest<T>>) => {
      for (const m of batch) sent.push(m.body);
    },
  } as unknown as Queue<T>;
  return { sent, queue };
}

/**
 * Runs a cron job on its dependencies: a test session, the test bucket and config, and the clock given. The chores
 * it sends are recorded, then delivered to their consumer's work (as the CHORES queue would, decisions 260 and
 * 275), so a test sees a run's whole effect; `chores` replaces that queue.
 */
export async function runJob<T>(job: (deps: JobDeps) => Promise<T>, now = new Date(), chores?: Queue<ChoreMessage>): Promise<T> {
  const { db, close } = testDb();
  const recorded = recordingQueue<ChoreMessage>();
  try {
    const result = await job({ db, bucket: env.IMAGES, chores: chores ?? recorded.queue, config: getConfig(env), now });
    await deliverChores(recorded);
    return result;
  } finally {
    await close();
  }
}

/**
 * Delivers what was sent to a recording CHORES queue through the consumer's work (worker/queue.ts runChore), in
 * order, with what those send in turn (a batch whose plan was busy goes back on it), until it is empty.
 */
export async function deliverChores(recorded: { sent: ChoreMessage[]; queue: Queue<ChoreMessage> }): Promise<void> {
  const { db, close } = testDb();
  try {
    for (let delivered = 0; recorded.sent.length > 0; delivered++) {
      if (delivered > 1000) throw new Error("deliverChores: the chores never run out");
      await runChore({ db, bucket: env.IMAGES, chores: recorded.queue, config: getConfig(env) }, recorded.sent.shift()!);
    }
  } finally {
    await close();
  }
}

/**
 * The typed client with a recording CHORES queue (the app alone, as `clientWith`); `deliver()` runs what its
 * requests sent through the consumer, as the queue would (an operator's price change: decision 275).
 */
export function choresClient() {
  const recorded = recordingQueue<ChoreMessage>();
  return { api: clientWith({ ...env, CHORES: recorded.queue }), sent: recorded.sent, deliver: () => deliverChores(recorded) };
}

/**
 * A request's context as workerd gives it: what the request leaves running (`ctx.waitUntil`) goes on after the
 * answer, and a failure there is logged, as workerd logs it, instead of surfacing as an unhandled rejection in
 * whichever test runs then.
 */
function executionContext(): ExecutionContext {
  const ctx = createExecutionContext();
  const waitUntil = ctx.waitUntil.bind(ctx);
  ctx.waitUntil = (promise) =>
    waitUntil(
      Promise.resolve(promise).catch((err: unknown) =>
        console.error(JSON.stringify({ level: "error", message: "test: work left by a request (waitUntil) failed", error: String(err) })),
      ),
    );
  return ctx;
}

/**
 * The worker's own fetch handler (the whole entry, middleware included), as a browser reaches it, called in
 * the test's isolate with a context of its own. Not through `exports.default`/`SELF`: in the pool every such
 * request makes the later ones slower (cloudflare/workers-sdk#15446; decision 280), which a file of many
 * requests paid in tens of seconds.
 */
const workerFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  Promise.resolve(worker.fetch(new Request(input, init) as Request<unknown, IncomingRequestCfProperties>, env, executionContext()));

/**
 * The typed client of /api over the worker's own fetch handler: a renamed route, request field or response
 * field breaks the test at compile time. Headers go in the second argument: `client.auth.user.$get({}, { headers: auth })`.
 */
export const client = hc<AppType>("http://app.test", { fetch: workerFetch }).api;

/** The typed client on the app alone with another env (a config or a binding replaced), as `app.request` runs it. */
export const clientWith = (testEnv: Env, init: RequestInit = {}) =>
  hc<AppType>("http://app.test", {
    fetch: (input: RequestInfo | URL, req?: RequestInit) => app.request(input, { ...init, ...req }, testEnv),
  }).api;

/**
 * The operator's POST /api/admin/price-changes, with the notices it queues delivered through the CHORES consumer
 * before it answers (decision 275), so a test sees everyone told.
 */
export async function postPriceChange(...args: Parameters<(typeof client.admin)["price-changes"]["$post"]>) {
  const chores = choresClient();
  const res = await chores.api.admin["price-changes"].$post(...args);
  await chores.deliver();
  return res;
}

/**
 * A raw request to the worker, for what the typed client cannot express: an unknown or non-/api path, a
 * deliberately malformed body or query, a link as it was mailed or redirected to, a signed Stripe webhook,
 * a signed image URL with its query string, a multipart upload built by the test
 * (docs/decisions/147-typed-test-client.md).
 */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return workerFetch(new URL(path, "http://app.test"), init);
}

/** The `{ error, message, ...flags }` body of an error answer (the error handler's, so in no route's type). */
export interface ErrorBody {
  error: string;
  message: string;
  [flag: string]: unknown;
}
/**
 * Asserts which variant a tagged answer is and narrows its type to it, e.g.
 * `variant(await res.json(), "type", "downgrade").message`.
 */
export function variant<B extends object, K extends keyof B, const V extends B[K]>(body: B, key: K, value: V): Extract<B, Record<K, V>> {
  expect(body[key]).toBe(value);
  return body as Extract<B, Record<K, V>>;
}

export const errorBody = (res: { json(): Promise<unknown> }): Promise<ErrorBody> => res.json() as Promise<ErrorBody>;

/**
 * Rate limits count hits in fixed windows (worker/lib/rate-limit.ts): a test that counts up to a limit and
 * ran across a window's end would see the count start again. When fewer than `seconds` are left of the
 * current window of `windowSeconds`, this waits for the next one to begin.
 */
export async function inOneWindow(windowSeconds: number, seconds = 20): Promise<void> {
  const left = windowStart(windowSeconds, Date.now()) + windowSeconds * 1000 - Date.now();
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** An access token for the user, of the session `session` (a refresh-token family id) when given. */
export const accessTokenFor = (user: { id: string; email: string; sessionEpoch: number }, session?: string) =>
  signAccessToken(getConfig(env), { id: user.id, email: user.email, epoch: user.sessionEpoch, session });

export interface TestUserOptions {
  email?: string;
  verified?: boolean;
  /** Free generations granted (default 2 when verified). */
  freeGranted?: number;
  freeUsed?: number;
  subscription?: { planType: PlanType; status?: string };
}

/** Inserts a user straight into the database and mints an access token for them. */
export async function createTestUser(opts: TestUserOptions = {}) {
  const { db, close } = testDb();
  try {
    const email = (opts.email ?? uniqueEmail()).toLowerCase();
    const verified = opts.verified ?? true;
    const [user] = await db
      .insert(users)
      .values({ email, emailVerifiedAt: verified ? new Date() : null, firstName: "Test", lastName: "User" })
      .returning();
    const granted = opts.freeGranted ?? (verified ? 2 : 0);
    await db.insert(credits).values({
      userId: user!.id,
      granted,
      used: opts.freeUsed ?? 0,
      grantedAt: verified ? new Date() : null,
    });
    if (opts.subscription) {
      await db.insert(subscriptions).values({
        userId: user!.id,
        stripeSubscriptionId: `sub_test_${crypto.randomUUID()}`,
        stripePriceId: `price_${opts.subscription.planType}`,
        planType: opts.subscription.planType,
        ...billedAs(opts.subscription.planType),
        status: opts.subscription.status ?? "active",
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 864e5),
      });
    }
    const token = await accessTokenFor(user!);
    return { user: user!, token, auth: { Authorization: `Bearer ${token}` } };
  } finally {
    await close();
  }
}

/**
 * What a subscription row stores as billed per period (issue 37) at the plan's launch price, for rows a test
 * writes straight into the table: a person's plan, or the Team plan for `seats` seats.
 */
export function billedAs(plan: BillingPlan, seats = 1) {
  const { period, launchCents } = billingPlanById(plan);
  return {
    amountCents: isTeamPlan(plan) ? launchCents * seats : launchCents,
    currency: "eur",
    interval: period,
    intervalCount: 1,
    seats,
  } as const;
}
