/**
 * /api/stripe (this area is the URL's; the work is worker/billing's, issue 49) — plans, subscriptions, checkout, plan changes, the portal, the money-back refund and
 * Stripe's webhook (SPEC §7 Billing, issue 9). Guards are attached per route: the plans list and the
 * webhook are public (the webhook is authenticated by its signature); everything else needs a user and
 * reads or changes only that user's own subscription.
 */
import { Hono } from "hono";
import { z } from "zod";
import { CURRENCY, FAIR_USE, PLANS, TEAM_PLAN, dailyPrice, planDescription, type PlanType } from "../../domain/plans";
import type { ApiInvoice, ApiPlan, ApiScheduledDowngrade, ApiSubscription, ApiTeamPrice, ApiUpgradePreview } from "../../domain/api";
import { conflict, inputWords, requireCurrentUser, requireUser, appOrigin, said, validate, viewerLocale } from "../lib";
import { m, type Locale } from "../../copy";
import type { FairUseAllowance } from "../../domain/limits";
import type { AppEnv } from "../env";
import {
  cancelDowngrade,
  changePlan,
  createCheckout,
  createPortal,
  handleWebhook,
  hasActiveSubscription,
  listInvoices,
  loadPriceBook,
  pendingPlanChange,
  refundEligibility,
  refundFirstSubscription,
  requirePlanForPrice,
  settleSubscriptions,
  shownSubscription,
  syncUser,
  teamCover,
  upgradePreview,
} from "../billing";
import type { Db } from "../../db";
import { createMailer } from "../mail";

/** A fair-use allowance in `locale`: "up to 15 pictures at once, then 5 a day" (as the web's plan-words.ts `fairUseCaps`). */
function fairUseCaps({ atOnce, refill, per }: FairUseAllowance, locale: Locale): string {
  const refillWords = (per === "week" ? m.common_refill_week : m.common_refill_day)({ count: refill }, { locale });
  return m.common_fair_use_caps({ atOnce, refill: refillWords }, { locale });
}

/**
 * A person a team's live Team plan covers is never sold a plan of their own (decision 212): a 409 that says why, in
 * the words /account and /pricing show (the catalogue's billing_team_covers_*).
 */
async function refuseWhenTeamCovers(db: Db, userId: string): Promise<void> {
  const cover = await teamCover(db, userId);
  if (!cover) return;
  const covers = cover.role === "owner" ? m.billing_team_covers_owner : m.billing_team_covers_member;
  throw conflict(said(covers, { team: cover.teamName, caps: (l) => fairUseCaps(FAIR_USE[TEAM_PLAN.id], l) }), "already_subscribed");
}

const priceBody = z.object({
  priceId: z
    .string()
    .trim()
    .min(1, inputWords(said(m.errors_input_plan)))
    .max(200),
});

export const stripeRoutes = new Hono<AppEnv>()
  .get("/plans", async (c) => {
    // today's price of each plan (a price change takes over on its effective date, decision 093)
    const book = await loadPriceBook(c.var.db, c.var.config);
    const amounts = Object.fromEntries(PLANS.map((p) => [p.id, book.current[p.id].amountCents])) as Record<PlanType, number>;
    const plans: ApiPlan[] = PLANS.map((p) => {
      const { amountCents, priceId } = book.current[p.id];
      const upcoming = book.upcoming[p.id];
      return {
        id: p.id,
        name: p.name,
        priceId,
        amountCents,
        currency: CURRENCY,
        period: p.period,
        periodDays: p.periodDays,
        dailyPrice: dailyPrice({ priceCents: amountCents, periodDays: p.periodDays }),
        description: planDescription(p.id, amounts),
        popular: p.popular,
        features: [...p.features],
        upcoming: upcoming && { amountCents: upcoming.amountCents, effectiveDate: upcoming.effectiveAt.toISOString() },
      };
    });
    // the Team plan's seat: what /pricing and /team show, and what a new team's checkout charges (decision 288)
    const seat = book.current[TEAM_PLAN.id];
    const seatUpcoming = book.upcoming[TEAM_PLAN.id];
    const team: ApiTeamPrice = {
      priceId: seat.priceId,
      seatCents: seat.amountCents,
      currency: CURRENCY,
      upcoming: seatUpcoming && { seatCents: seatUpcoming.amountCents, effectiveDate: seatUpcoming.effectiveAt.toISOString() },
    };
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ plans, team });
  })

  .get("/subscription", requireUser, async (c) => {
    const row = await shownSubscription(c.var.db, c.var.user.id);
    const body: ApiSubscription | null = row && {
      status: row.status,
      planType: row.planType,
      stripePriceId: row.stripePriceId,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      // the server's answer, as a team's: the web never works it out again (issue 49)
      entitled: row.entitled,
      live: row.live,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .get("/scheduled-downgrade", requireUser, async (c) => {
    // the pending change of plan, as the subscription's row keeps it (one pending change, decision 346)
    const row = await pendingPlanChange(c.var.db, c.var.user.id);
    const body: ApiScheduledDowngrade | null = row
      ? { targetPlanType: row.scheduledPlanType, effectiveDate: row.scheduledAt.toISOString() }
      : null;
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/create-checkout-session", requireUser, validate("json", priceBody), async (c) => {
    const target = await requirePlanForPrice(c.var.db, c.var.config, c.req.valid("json").priceId);
    const { db, config } = c.var;
    await refuseWhenTeamCovers(db, c.var.user.id);
    // A subscriber is never sent to a second checkout: they get the plan-change flow instead.
    const result = (await hasActiveSubscription(db, c.var.user.id))
      ? await changePlan(db, config, appOrigin(c), c.var.user.id, target, await viewerLocale(db, c.req.raw.headers, c.var.user.id))
      : await createCheckout(
          db,
          config,
          appOrigin(c),
          c.var.user.id,
          target.priceId,
          await viewerLocale(db, c.req.raw.headers, c.var.user.id),
        );
    return c.json(result);
  })

  .post("/change-subscription", requireUser, validate("json", priceBody), async (c) => {
    const target = await requirePlanForPrice(c.var.db, c.var.config, c.req.valid("json").priceId);
    await refuseWhenTeamCovers(c.var.db, c.var.user.id);
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await changePlan(c.var.db, c.var.config, appOrigin(c), c.var.user.id, target, locale));
  })

  /** The exact amount an upgrade to `priceId` charges now, shown before the person confirms. */
  .get("/upgrade-preview", requireUser, validate("query", priceBody), async (c) => {
    const target = await requirePlanForPrice(c.var.db, c.var.config, c.req.valid("query").priceId);
    const body: ApiUpgradePreview = await upgradePreview(c.var.db, c.var.config, c.var.user.id, target);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .get("/invoices", requireCurrentUser, async (c) => {
    const body: { invoices: ApiInvoice[] } = { invoices: await listInvoices(c.var.db, c.var.config, c.var.user.id) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/cancel-scheduled-downgrade", requireUser, async (c) => {
    await cancelDowngrade(c.var.db, c.var.config, c.var.user.id);
    return c.json({ success: true as const });
  })

  .post("/create-portal-session", requireUser, async (c) => {
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await createPortal(c.var.db, c.var.config, appOrigin(c), c.var.user.id, locale));
  })

  .post("/sync-subscription", requireUser, async (c) => {
    const { db, config } = c.var;
    await syncUser(db, config, c.var.user.id);
    const mailer = createMailer(config, c.env);
    for (const message of await settleSubscriptions(db, config, c.var.user.id, mailer)) await mailer.send(message);
    return c.json({ success: true as const });
  })

  /** Whether the money-back request applies now (the account page offers it only then); POST /refund decides. */
  .get("/refund-eligibility", requireUser, async (c) => {
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    const body = await refundEligibility(c.var.db, c.var.config, { userId: c.var.user.id }, locale);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/refund", requireUser, async (c) => {
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await refundFirstSubscription(c.var.db, c.var.config, { userId: c.var.user.id }, locale));
  })

  .post("/webhook", (c) => handleWebhook(c));
