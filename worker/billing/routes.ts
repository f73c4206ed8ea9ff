/**
 * /api/stripe — plans, subscriptions, checkout, plan changes, the portal, the money-back refund and
 * Stripe's webhook (SPEC §7 Billing, issue 9). Guards are attached per route: the plans list and the
 * webhook are public (the webhook is authenticated by its signature); everything else needs a user and
 * reads or changes only that user's own subscription.
 */
import { Hono } from "hono";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { scheduledDowngrades } from "../../db/schema";
import { CURRENCY, PLANS } from "../../domain/plans";
import type { ApiPlan, ApiScheduledDowngrade, ApiSubscription } from "../../domain/api";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { appOrigin } from "../lib/app-origin";
import { validate } from "../lib/validate";
import { cancelDowngrade, changePlan, createCheckout, createPortal, refundEligibility, refundFirstPayment, syncUser } from "./plan-changes";
import { planPrices, requirePlanForPrice } from "./stripe";
import { currentSubscription, hasActiveSubscription } from "./subscription";
import { handleWebhook } from "./webhook";

const priceBody = z.object({ priceId: z.string().trim().min(1, "Please choose a plan.").max(200) });

export const billingRoutes = new Hono<AppEnv>()
  .get("/plans", (c) => {
    const prices = planPrices(c.var.config);
    const plans: ApiPlan[] = PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      priceId: prices[p.id] ?? null,
      amountCents: p.priceCents,
      currency: CURRENCY,
      period: p.period,
      periodDays: p.periodDays,
      dailyPrice: p.dailyPrice,
      description: p.description,
      popular: p.popular,
      features: [...p.features],
    }));
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ plans });
  })

  .get("/subscription", requireUser, async (c) => {
    const row = await currentSubscription(c.var.db, c.var.user.id);
    const body: ApiSubscription | null = row && {
      status: row.status,
      planType: row.planType,
      stripePriceId: row.stripePriceId,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .get("/scheduled-downgrade", requireUser, async (c) => {
    const [row] = await c.var.db
      .select({ targetPlanType: scheduledDowngrades.targetPlanType, effectiveDate: scheduledDowngrades.effectiveDate })
      .from(scheduledDowngrades)
      .where(and(eq(scheduledDowngrades.userId, c.var.user.id), eq(scheduledDowngrades.status, "scheduled")))
      .orderBy(desc(scheduledDowngrades.createdAt))
      .limit(1);
    const body: ApiScheduledDowngrade | null = row ? { targetPlanType: row.targetPlanType, effectiveDate: row.effectiveDate.toISOString() } : null;
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/create-checkout-session", requireUser, validate("json", priceBody), async (c) => {
    const target = requirePlanForPrice(c.var.config, c.req.valid("json").priceId);
    const { db, config } = c.var;
    // A subscriber is never sent to a second checkout: they get the plan-change flow instead.
    const result = (await hasActiveSubscription(db, c.var.user.id))
      ? await changePlan(db, config, appOrigin(c), c.var.user.id, target)
      : await createCheckout(db, config, appOrigin(c), c.var.user.id, target.priceId);
    return c.json(result);
  })

  .post("/change-subscription", requireUser, validate("json", priceBody), async (c) => {
    const target = requirePlanForPrice(c.var.config, c.req.valid("json").priceId);
    return c.json(await changePlan(c.var.db, c.var.config, appOrigin(c), c.var.user.id, target));
  })

  .post("/cancel-scheduled-downgrade", requireUser, async (c) => {
    await cancelDowngrade(c.var.db, c.var.config, c.var.user.id);
    return c.json({ success: true as const });
  })

  .post("/create-portal-session", requireUser, async (c) => {
    return c.json(await createPortal(c.var.db, c.var.config, appOrigin(c), c.var.user.id));
  })

  .post("/sync-subscription", requireUser, async (c) => {
    await syncUser(c.var.db, c.var.config, c.var.user.id);
    return c.json({ success: true as const });
  })

  /** Whether the money-back request applies now (the account page offers it only then); POST /refund decides. */
  .get("/refund-eligibility", requireUser, async (c) => {
    const body = await refundEligibility(c.var.db, c.var.config, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/refund", requireUser, async (c) => {
    const { refundedCents, currency } = await refundFirstPayment(c.var.db, c.var.config, c.var.user.id);
    return c.json({
      refundedCents,
      currency,
      message: "Your first payment has been refunded and your subscription has ended. The refund reaches your card in 5–10 days.",
    });
  })

  .post("/webhook", (c) => handleWebhook(c));
