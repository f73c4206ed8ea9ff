import { Hono } from "hono";
import type { ApiSubscription } from "../../domain/api";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { currentSubscription } from "./subscription";

/** /api/stripe — the billing wave adds checkout, portal, plan changes and webhooks here. */
export const billingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/subscription", async (c) => {
    const row = await currentSubscription(c.var.db, c.var.user.id);
    const body: ApiSubscription | null = row && {
      status: row.status,
      planType: row.planType,
      stripePriceId: row.stripePriceId,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    };
    return c.json(body);
  });
