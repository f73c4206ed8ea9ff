/**
 * The notices of a price change: 30 days' notice of price changes (SPEC §1 Terms; issue 22; decision 093). The operator schedules a
 * plan's new price from a date at least PRICE_CHANGE_NOTICE_DAYS ahead: a new Stripe price of the same
 * product, a `price_changes` row, then the notice run. The run, for every live subscription of the plan:
 *   1. emails its owner once (the `price_change_notices` row is claimed before sending and released if
 *      sending fails, so a retry sends what is missing and nothing twice);
 *   2. gives the subscription a Stripe subscription schedule: the price it pays until its first renewal
 *      on or after max(effective date, the day it was emailed + 30 days), then the new price; the
 *      schedule is released after that phase, so the subscription simply goes on at the new price.
 * The run fans out through the CHORES queue (decision 275): the operator's action and the cron queue the
 * subscriptions NOTICES_PER_MESSAGE a message, and each message is one bounded run of the consumer, so no
 * invocation's subrequests grow with the number of subscribers.
 * The run is idempotent and runs again for one person after each of their billing webhooks (./settle.ts):
 * someone who subscribes before the effective date is told at once and moves 30 days later at the
 * earliest; someone who cancels keeps no schedule (nothing renews), and gets one back if they resume;
 * someone who changes plan leaves this change (an upgrade releases the schedule; a downgrade replaces
 * it). The cron finishes a run that stopped half-way (status `notifying`).
 */
import Stripe from "stripe";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, HttpDb } from "../../../db";
import { priceChangeNotices, priceChanges, subscriptions, teams, users, type PriceChange } from "../../../db/schema";
import { isTeamPlan } from "../../../domain/plans";
import { isLiveStatus, LIVE_STATUSES } from "../../../domain/subscription-status";
import { appUrl, paths } from "../../../domain/paths";
import type { Config } from "../../config";
import type { ChoreMessage, PriceNoticeChore } from "../../env";
import { accountLocale, errorFields, ifFree, log } from "../../lib";
import { baseLocale } from "../../../copy";
import { type Mailer, priceChangeEmail } from "../../mail";
import { loadPriceBook, type PriceBook } from "../prices";
import { stripeClient } from "../stripe";
import { statusIn } from "../subscription";
import { NOTICES_PER_MESSAGE, queueInMessages } from "./batches";
import { BATCH_TTL_SECONDS, planLease } from "./leases";
import { NOTICE_MS, newestByPlan } from "./rules";
import { ensureSchedule, renewalOnOrAfter } from "./schedules";

/** A person's plan tells the person; a Team plan its team's owner, who pays it (issue 37). */
const payer = sql<string>`coalesce(${subscriptions.userId}, ${teams.ownerUserId})`;

/** The live subscriptions of the change's plan not yet paying its price, and of those the ones in `scope`. */
function owedWhere(change: PriceChange, scope: NoticeScope) {
  return and(
    eq(subscriptions.planType, change.planType),
    statusIn(LIVE_STATUSES),
    ne(subscriptions.stripePriceId, change.stripePriceId),
    "userId" in scope ? eq(users.id, scope.userId) : undefined,
    "subscriptionIds" in scope ? inArray(subscriptions.stripeSubscriptionId, scope.subscriptionIds) : undefined,
    "unsettled" in scope
      ? sql`not exists (select 1 from price_change_notices n where n.price_change_id = ${change.id} and n.stripe_subscription_id = subscriptions.stripe_subscription_id and n.stripe_schedule_id is not null)`
      : undefined,
  );
}

/** Whose notices a run does: one person's (a settle), one message's batch, every live one, or those with no schedule from it yet (the cron's pass). */
type NoticeScope = { userId: string } | { subscriptionIds: string[] } | { all: true } | { unsettled: true };

/**
 * Queues the run of notices for the change's plan (all its live subscriptions, or only those without a schedule
 * from it yet), NOTICES_PER_MESSAGE a message on the CHORES queue; the change's `updated_at` records the activity
 * (NOTICES_RESEND_MS). Nobody to tell: the change is `notified` at once. Answers how many subscriptions were queued.
 */
export async function queueNotices(
  db: Db,
  chores: Queue<ChoreMessage>,
  change: PriceChange,
  { unsettledOnly = false, perMessage = NOTICES_PER_MESSAGE } = {},
): Promise<number> {
  const owed = await db
    .select({ id: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .leftJoin(teams, eq(teams.id, subscriptions.teamId))
    .innerJoin(users, eq(users.id, payer))
    .where(owedWhere(change, unsettledOnly ? { unsettled: true } : { all: true }))
    .orderBy(subscriptions.stripeSubscriptionId);
  await db.update(priceChanges).set({ updatedAt: new Date() }).where(eq(priceChanges.id, change.id));
  if (owed.length === 0) {
    await markNotifiedIfDone(db, change);
    return 0;
  }
  const ids = owed.map((o) => o.id);
  const messages = await queueInMessages(chores, ids, perMessage, (subscriptionIds) => ({
    priceNotices: { priceChangeId: change.id, subscriptionIds },
  }));
  log("info", "billing: price change notices queued", { priceChangeId: change.id, subscriptions: owed.length, messages });
  return owed.length;
}

/**
 * The CHORES consumer's part: tells and schedules one message's subscriptions under the plan's lease (decision
 * 250). Each subscription is tried; if any failed, the first error is thrown after the others are done, so the
 * queue retries the message and the retry sends only what is missing (the notice's `emailed_at` is claimed before
 * sending). A withdrawn change does nothing. `busy` when the plan's lease is taken: the caller puts the message
 * back on the queue. After a batch in which all succeeded, the change is `notified` once nobody is left untold.
 */
export async function sendNoticeBatch(
  db: Db,
  config: Config,
  mailer: Mailer,
  { priceChangeId, subscriptionIds }: PriceNoticeChore["priceNotices"],
): Promise<{ busy: true } | { busy: false; emailed: number }> {
  const [change] = await db.select().from(priceChanges).where(eq(priceChanges.id, priceChangeId)).limit(1);
  if (!change || change.withdrawnAt) return { busy: false, emailed: 0 };
  const run = await runNotices(db, config, mailer, change, { subscriptionIds });
  if (!run.ran) return { busy: true };
  // activity: the cron does not queue this change again while its batches keep finishing
  await db.update(priceChanges).set({ updatedAt: new Date() }).where(eq(priceChanges.id, change.id));
  await markNotifiedIfDone(db, change);
  return { busy: false, emailed: run.value };
}

/**
 * How many price-change emails are owed: live subscriptions of a plan whose change is being told (`notifying`,
 * not withdrawn) and not on its price, without an emailed notice. One change's, or all of them (Monitoring).
 */
export async function noticesOwed(db: Db | HttpDb, priceChangeId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(priceChanges)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.planType, priceChanges.planType),
        statusIn(LIVE_STATUSES),
        ne(subscriptions.stripePriceId, priceChanges.stripePriceId),
      ),
    )
    .where(
      and(
        priceChangeId ? eq(priceChanges.id, priceChangeId) : undefined,
        eq(priceChanges.status, "notifying"),
        isNull(priceChanges.withdrawnAt),
        sql`not exists (select 1 from price_change_notices n where n.price_change_id = ${priceChanges.id} and n.stripe_subscription_id = ${subscriptions.stripeSubscriptionId} and n.emailed_at is not null)`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The change is `notified` once every live subscriber of its plan was emailed. */
async function markNotifiedIfDone(db: Db, change: PriceChange): Promise<void> {
  if (change.status === "notified" || (await noticesOwed(db, change.id)) > 0) return;
  await db
    .update(priceChanges)
    .set({ status: "notified", updatedAt: new Date() })
    .where(and(eq(priceChanges.id, change.id), eq(priceChanges.status, "notifying")));
}

/**
 * Tells and schedules the subscriptions in `scope` (one person's, or one message's batch), under the plan's
 * lease (decision 250). When a withdrawal or another run holds it, `{ ran: false }` at once rather than waiting:
 * a run's own Stripe calls send webhooks whose settles would wait for it. A person's failure is thrown at once;
 * in a batch, one subscription's failure does not hold up the others, and the first is thrown at the end.
 */
async function runNotices(
  db: Db,
  config: Config,
  mailer: Mailer,
  change: PriceChange,
  scope: { userId: string } | { subscriptionIds: string[] },
  known?: PriceBook,
): Promise<{ ran: true; value: number } | { ran: false }> {
  const run = await ifFree(
    db,
    planLease(change.planType),
    async () => {
      const [fresh] = await db.select({ withdrawnAt: priceChanges.withdrawnAt }).from(priceChanges).where(eq(priceChanges.id, change.id));
      return fresh?.withdrawnAt ? 0 : tellAndSchedule(db, config, mailer, change, scope, known);
    },
    "userId" in scope ? 60 : BATCH_TTL_SECONDS,
  );
  if (!run.ran) log("info", "billing: price change notices wait (the plan is busy)", { priceChangeId: change.id, ...scope });
  return run;
}

async function tellAndSchedule(
  db: Db,
  config: Config,
  mailer: Mailer,
  change: PriceChange,
  scope: { userId: string } | { subscriptionIds: string[] },
  known: PriceBook | undefined,
): Promise<number> {
  const subs = await db
    .select({
      userId: users.id,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      email: users.email,
      seats: subscriptions.seats,
    })
    .from(subscriptions)
    .leftJoin(teams, eq(teams.id, subscriptions.teamId))
    .innerJoin(users, eq(users.id, payer))
    .where(owedWhere(change, scope));
  if (subs.length === 0) return 0;
  const book = known ?? (await loadPriceBook(db, config));
  let emailed = 0;
  let failed: unknown = null;
  for (const sub of subs) {
    try {
      if (await noticeFor(db, config, book, mailer, change, sub)) emailed += 1;
    } catch (err) {
      if ("userId" in scope) throw err;
      failed ??= err;
      log("error", "billing: a price change notice failed; its message is retried", {
        priceChangeId: change.id,
        subscriptionId: sub.stripeSubscriptionId,
        ...errorFields(err),
      });
    }
  }
  if (failed) throw failed;
  return emailed;
}

/** The person's part of every plan's newest change (after their billing webhooks and the Checkout return). */
export async function settlePriceChanges(db: Db, config: Config, mailer: Mailer, userId: string): Promise<void> {
  const book = await loadPriceBook(db, config);
  for (const change of newestByPlan(book)) {
    const run = await runNotices(db, config, mailer, change, { userId }, book);
    if (!run.ran) log("info", "billing: price change notice left to the cron (the plan is busy)", { priceChangeId: change.id, userId });
  }
}

/** One subscription: the email (once), then its schedule. True when the email was sent now. */
async function noticeFor(
  db: Db,
  config: Config,
  book: PriceBook,
  mailer: Mailer,
  change: PriceChange,
  sub: { userId: string; stripeSubscriptionId: string; email: string; seats: number },
): Promise<boolean> {
  const stripe = stripeClient(config);
  let live: Stripe.Subscription;
  try {
    live = await stripe.subscriptions.retrieve(sub.stripeSubscriptionId);
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing")) throw err;
    log("warn", "billing: a subscription Stripe does not know was left out of a price change", {
      priceChangeId: change.id,
      subscriptionId: sub.stripeSubscriptionId,
    });
    return false;
  }
  const item = live.items.data[0];
  // Stripe is the truth: a subscription that moved already, or left the plan, has nothing to do here.
  if (!item || !isLiveStatus(live.status) || item.price.id === change.stripePriceId || book.planOf(item.price.id) !== change.planType)
    return false;

  await db
    .insert(priceChangeNotices)
    .values({ priceChangeId: change.id, stripeSubscriptionId: live.id, userId: sub.userId, email: sub.email })
    .onConflictDoNothing();
  const key = and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.stripeSubscriptionId, live.id));
  const now = new Date();
  const [claimed] = await db
    .update(priceChangeNotices)
    .set({ emailedAt: now, updatedAt: now })
    .where(and(key, isNull(priceChangeNotices.emailedAt)))
    .returning();
  const [notice] = claimed ? [claimed] : await db.select().from(priceChangeNotices).where(key).limit(1);
  const emailedAt = notice!.emailedAt ?? now;
  const switchAt = renewalOnOrAfter(live, new Date(Math.max(change.effectiveAt.getTime(), emailedAt.getTime() + NOTICE_MS)));

  if (claimed) {
    try {
      await mailer.send(
        priceChangeEmail(
          sub.email,
          {
            plan: change.planType,
            oldAmount: { cents: change.oldAmountCents, currency: change.currency },
            newAmount: { cents: change.newAmountCents, currency: change.currency },
            effectiveDate: change.effectiveAt,
            switchDate: switchAt,
            seats: isTeamPlan(change.planType)
              ? { count: sub.seats, newTotal: { cents: change.newAmountCents * sub.seats, currency: change.currency } }
              : null,
            accountUrl: appUrl(config.APP_URL, isTeamPlan(change.planType) ? paths.team : paths.account),
          },
          (await accountLocale(db, { id: sub.userId })) ?? baseLocale,
        ),
      );
    } catch (err) {
      await db.update(priceChangeNotices).set({ emailedAt: null }).where(key);
      throw err;
    }
  }

  const scheduleId = await ensureSchedule(stripe, live, change, switchAt);
  await db
    .update(priceChangeNotices)
    .set({ stripeScheduleId: scheduleId, switchAt: scheduleId ? switchAt : null, updatedAt: new Date() })
    .where(key);
  return Boolean(claimed);
}
