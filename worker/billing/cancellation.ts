/**
 * The email that confirms a cancellation at the period end (issue 46 item 19, decision 342). Stripe reports it
 * with `customer.subscription.updated` (its portal's "Cancel plan", or the team page's cancel); the webhook
 * then calls `confirmCancellation` after its sync. The email goes once per cancellation: the record
 * `mail:subscription-canceled:<subscription>:<canceled_at>` is written before sending, so a retried event, a
 * second event about the same state, or events out of order send nothing more; renewing and cancelling again
 * is a new cancellation (Stripe gives it a new `canceled_at`) and is confirmed again. What is confirmed is the
 * state Stripe has now (the sync re-read it): a cancellation already undone, or a plan that already ended, gets
 * no email.
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { processedProviderEvents, subscriptions, teams, users } from "../../db/schema";
import { appUrl, paths } from "../../domain/paths";
import { ENTITLED_STATUSES } from "../../domain/subscription-status";
import type { Config } from "../config";
import { userLocale } from "../lib";
import { cancellationEmail, type Mailer, type MailMessage } from "../mail";

/** Did this `customer.subscription.updated` event report a change to the cancellation? */
export function reportsCancellation(event: Stripe.Event): boolean {
  if (event.type !== "customer.subscription.updated") return false;
  const before = event.data.previous_attributes ?? {};
  return "cancel_at_period_end" in before || "cancel_at" in before;
}

/** Who is told: the person whose plan it is, or the owner of the team whose plan it is (with the team's name). */
async function recipientOf(db: Db, sub: { userId: string | null; teamId: string | null }) {
  if (sub.teamId) {
    const [owner] = await db
      .select({ email: users.email, locale: users.locale, teamName: teams.name })
      .from(teams)
      .innerJoin(users, eq(users.id, teams.ownerUserId))
      .where(eq(teams.id, sub.teamId))
      .limit(1);
    return owner ? { ...owner, locale: userLocale(owner) } : null;
  }
  if (!sub.userId) return null;
  const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, sub.userId)).limit(1);
  return user ? { email: user.email, locale: userLocale(user), teamName: null } : null;
}

/** The confirmation the subscription's current state calls for (recorded as sent), or null. */
async function noticeFor(
  db: Db,
  config: Config,
  stripeSubscriptionId: string,
  now: Date,
): Promise<{ key: string; mail: MailMessage } | null> {
  const [sub] = await db
    .select({
      planType: subscriptions.planType,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      canceledAt: subscriptions.canceledAt,
      userId: subscriptions.userId,
      teamId: subscriptions.teamId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  if (!sub?.cancelAtPeriodEnd || !(ENTITLED_STATUSES as readonly string[]).includes(sub.status)) return null;
  if (!sub.currentPeriodEnd || sub.currentPeriodEnd <= now) return null;
  const recipient = await recipientOf(db, sub);
  if (!recipient) return null;
  const key = `mail:subscription-canceled:${stripeSubscriptionId}:${sub.canceledAt?.getTime() ?? sub.currentPeriodEnd.getTime()}`;
  const [fresh] = await db
    .insert(processedProviderEvents)
    .values({ id: key, provider: "headshot", type: "subscription_canceled.emailed" })
    .onConflictDoNothing()
    .returning({ id: processedProviderEvents.id });
  if (!fresh) return null;
  const mail = cancellationEmail(
    recipient.email,
    {
      plan: sub.planType,
      endDate: sub.currentPeriodEnd,
      url: appUrl(config.APP_URL, sub.teamId ? paths.team : paths.account),
      team: recipient.teamName === null ? null : { name: recipient.teamName },
    },
    recipient.locale,
  );
  return { key, mail };
}

/**
 * Emails the confirmation of the subscription's cancellation, the first time only. A failure to send forgets the
 * record again (so the next event about it can send it) and is thrown to the caller, which logs it.
 */
export async function confirmCancellation(
  db: Db,
  config: Config,
  mailer: Mailer,
  stripeSubscriptionId: string,
  now = new Date(),
): Promise<boolean> {
  const notice = await noticeFor(db, config, stripeSubscriptionId, now);
  if (!notice) return false;
  try {
    await mailer.send(notice.mail);
  } catch (err) {
    await db.delete(processedProviderEvents).where(eq(processedProviderEvents.id, notice.key));
    throw err;
  }
  return true;
}
