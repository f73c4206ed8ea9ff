/** Development-only helpers. Every route answers 404 unless ENVIRONMENT is development or test. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { DevMailbox } from "../mail/mailer";
import { eq } from "drizzle-orm";
import { subscriptions, users } from "../../db/schema";
import { PLANS } from "../../domain/plans";

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const env = c.var.config.ENVIRONMENT;
    if (env !== "development" && env !== "test") throw notFound(`No API route for ${c.req.method} ${c.req.path}`);
    c.header("Cache-Control", "no-store");
    await next();
  })
  /** GET /api/dev/mailbox?to=ADDRESS → the messages sent to ADDRESS, newest first. */
  .get("/mailbox", validate("query", z.object({ to: z.string().trim().toLowerCase().pipe(z.email("must be an email address")) })), async (c) => {
    const { to } = c.req.valid("query");
    return c.json({ messages: await new DevMailbox(c.env.IMAGES).list(to) });
  })
  /**
   * POST /api/dev/subscription {email, planType} → makes that account a subscriber, as a paid checkout
   * would. Local runs only, so the paid experience can be tried (and browser-tested) without Stripe.
   */
  .post(
    "/subscription",
    validate("json", z.object({
      email: z.string().trim().toLowerCase().pipe(z.email("must be an email address")),
      planType: z.enum(["weekly", "monthly", "yearly"]),
    })),
    async (c) => {
      const { email, planType } = c.req.valid("json");
      const [user] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (!user) throw notFound("No account with that email.");
      const days = PLANS.find((p) => p.id === planType)!.periodDays;
      const now = new Date();
      const [row] = await c.var.db
        .insert(subscriptions)
        .values({
          userId: user.id,
          stripeSubscriptionId: `sub_dev_${crypto.randomUUID()}`,
          stripePriceId: `price_dev_${planType}`,
          planType,
          status: "active",
          currentPeriodStart: now,
          currentPeriodEnd: new Date(now.getTime() + days * 86_400_000),
        })
        .returning();
      return c.json({ status: row!.status, planType: row!.planType, currentPeriodEnd: row!.currentPeriodEnd }, 201);
    },
  );
