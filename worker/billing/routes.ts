import { Hono } from "hono";
import type { ApiSubscription } from "../../domain/api";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { currentSubscription } from "./subscription";

/**
 * /api/stripe — the billing wave adds checkout, portal, plan changes and webhooks here. Guards are
 * attached per route: the plans list and Stripe's webhook are public, everything else needs a user.
 */
export const billingRoutes = new Hono<AppEnv>()
  .get("/subscription", requireUser, async (c) => {
    const row = await currentSubscription(c.var.db, c.var.user.id);
    const body: ApiSubscription | null = row && {
      status: row.status,
      planType: row.planType,
      stripePriceId: row.stripePriceId,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    };
    return c.json(body);
  });
