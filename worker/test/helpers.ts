/**
 * Helpers for worker tests (inside workerd). Each test makes its own users with unique emails, so test
 * files never see each other's rows.
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { createDb } from "../../db";
import { credits, subscriptions, users } from "../../db/schema";
import { getConfig } from "../config";
import { signAccessToken } from "../lib/access-tokens";
import type { JobDeps } from "../lib/context";

export { env };

export function testDb() {
  return createDb(getConfig(env));
}

/** Runs a cron job on its dependencies: a test session, the test bucket and config, and the clock given. */
export async function runJob<T>(job: (deps: JobDeps) => Promise<T>, now = new Date()): Promise<T> {
  const { db, close } = testDb();
  try {
    return await job({ db, bucket: env.IMAGES, config: getConfig(env), now });
  } finally {
    await close();
  }
}

/** Calls the worker's own fetch handler, as a browser would. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://app.test"), init));
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

export interface TestUserOptions {
  email?: string;
  verified?: boolean;
  /** Free generations granted (default 2 when verified). */
  freeGranted?: number;
  freeUsed?: number;
  subscription?: { planType: "weekly" | "monthly" | "yearly"; status?: string };
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
        status: opts.subscription.status ?? "active",
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 864e5),
      });
    }
    const token = await signAccessToken(getConfig(env), { id: user!.id, email, epoch: user!.sessionEpoch });
    return { user: user!, token, auth: { Authorization: `Bearer ${token}` } };
  } finally {
    await close();
  }
}

/** A response body as loosely typed JSON, for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = async (res: Response): Promise<any> => res.json();
