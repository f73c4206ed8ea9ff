/**
 * What a sync can leave that Stripe must still be asked to change: a subscription cancelled at the period
 * end while a downgrade is scheduled (decision 091: the cancel wins, the schedule is released) and a
 * second live subscription (decision 090; a team's too, issue 25); a pending price change not yet told or
 * scheduled for this person (a subscriber who joined, resumed or changed plan since it was scheduled:
 * decision 093). Run after the webhook's transaction and after the Checkout
 * return's sync, never inside a transaction: these calls cause webhooks of their own, which the local
 * Stripe delivers before it answers. Every call is idempotent, so running it again changes nothing.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db";
import { subscriptions } from "../../db/schema";
import type { Config } from "../config";
import type { Mailer, MailMessage } from "../mail";
import { endDuplicateSubscriptions, endDuplicateTeamSubscriptions } from "./one-live";
import { dropPlanChange } from "./plan-changes";
import { settlePriceChanges } from "./price-changes/notices";
import { errorFields, log } from "../lib";
import { syncSubscription } from "./sync";

/**
 * Brings the person's subscriptions in line with the rules above; returns the emails to send. Price-change
 * notices are sent here with `mailer` (each is recorded as sent only once it went out).
 */
export async function settleSubscriptions(db: Db, config: Config, userId: string, mailer: Mailer): Promise<MailMessage[]> {
  await releaseDowngradesOnCancel(db, config, userId);
  const mail = [...(await endDuplicateSubscriptions(db, config, userId)), ...(await endDuplicateTeamSubscriptions(db, config, userId))];
  try {
    await settlePriceChanges(db, config, mailer, userId);
  } catch (err) {
    // Not worth a retry of the whole event (the duplicate's email is already recorded as sent by then):
    // the cron's daily pass over pending price changes does this person's part.
    log("warn", "billing: a price change notice will be retried by the cron", { userId, ...errorFields(err) });
  }
  return mail;
}

async function releaseDowngradesOnCancel(db: Db, config: Config, userId: string): Promise<void> {
  const cancelled = await db
    .select({ scheduleId: subscriptions.stripeScheduleId, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.scheduledPlanType), eq(subscriptions.cancelAtPeriodEnd, true)));
  for (const { scheduleId, subscriptionId } of cancelled) {
    if (!scheduleId) continue;
    await dropPlanChange(config, subscriptionId, scheduleId, `cancel-releases-${scheduleId}`);
    await syncSubscription(db, config, subscriptionId);
  }
}
