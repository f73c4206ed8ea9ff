/**
 * 30 days' notice of price changes (SPEC §1 Terms; issue 22; decision 093). The operator schedules a
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
import { and, desc, eq, exists, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, HttpDb } from "../../db";
import { priceChangeNotices, priceChanges, subscriptions, teams, users, type PriceChange } from "../../db/schema";
import {
  billingPlanById,
  euros,
  PRICE_CHANGE_HORIZON_DAYS,
  PRICE_CHANGE_NOTICE_DAYS,
  PRICE_MAX_CENTS,
  type BillingPlan,
} from "../../domain/plans";
import type { ApiPriceChange } from "../../domain/admin-api";
import { appUrl, paths } from "../../domain/paths";
import type { Config } from "../config";
import type { AuthUser, ChoreMessage, PriceNoticeChore, PriceWithdrawalChore } from "../env";
import {
  accountLocale,
  badRequest,
  conflict,
  currentRequestId,
  log,
  errorFields,
  ifFree,
  notFound,
  oneAtATime,
  type JobDeps,
} from "../lib";
import { baseLocale } from "../../copy";
import { type Mailer, priceChangeEmail, priceChangeWithdrawnEmail } from "../mail";
import { loadPriceBook, type PriceBook } from "./prices";
import { pendingOf, writeSchedule } from "./schedules";
import { fromUnix, idOf, paymentsUnavailable, stripeClient } from "./stripe";

const DAY_MS = 86_400_000;
const NOTICE_MS = PRICE_CHANGE_NOTICE_DAYS * DAY_MS;
/** Subscriptions that will renew (or are retrying a payment): they are the ones a new price reaches. */
const LIVE = ["active", "trialing", "past_due"];

export const dateText = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The first day a change scheduled at `now` may take effect: midnight UTC at least 30 days ahead. */
export function earliestEffectiveDate(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const earliest = new Date(day.getTime() + PRICE_CHANGE_NOTICE_DAYS * DAY_MS);
  return earliest.getTime() >= now.getTime() + NOTICE_MS ? earliest : new Date(earliest.getTime() + DAY_MS);
}

/**
 * The last day a change scheduled at `now` may take effect: midnight UTC PRICE_CHANGE_HORIZON_DAYS after
 * today (decision 195). `now` is the server's clock, as for the earliest day.
 */
export function latestEffectiveDate(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() + PRICE_CHANGE_HORIZON_DAYS * DAY_MS);
}

/**
 * The last moment a change can still move someone: a subscriber who joined just before its effective
 * date is told then and moves at the first renewal 30 days later, at most one period after. A next
 * change of the same plan starts after this, so nobody is ever between two changes.
 */
export const settledBy = (change: Pick<PriceChange, "planType" | "effectiveAt">) =>
  new Date(change.effectiveAt.getTime() + NOTICE_MS + billingPlanById(change.planType).periodDays * DAY_MS + DAY_MS);

export interface ScheduleInput {
  planType: BillingPlan;
  amountCents: number;
  /** midnight UTC of the chosen day */
  effectiveAt: Date;
}

/** Checks the operator's input against the rules; the change's old price. 4xx with the sentence to show. */
function checkRules(book: PriceBook, input: ScheduleInput, now: Date) {
  const plan = billingPlanById(input.planType);
  const current = book.current[input.planType];
  if (!current.priceId) throw paymentsUnavailable();
  const earliest = earliestEffectiveDate(now);
  if (input.effectiveAt.getTime() < earliest.getTime()) {
    throw badRequest(
      `The new price must start at least ${PRICE_CHANGE_NOTICE_DAYS} days from today, so every subscriber has ${PRICE_CHANGE_NOTICE_DAYS} days' notice: ${dateText(earliest)} at the earliest.`,
    );
  }
  const latest = latestEffectiveDate(now);
  if (input.effectiveAt.getTime() > latest.getTime()) {
    throw badRequest(`The new price must start within a year from today: ${dateText(latest)} at the latest.`);
  }
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw badRequest("The new price must be more than €0.");
  if (input.amountCents > PRICE_MAX_CENTS) throw badRequest(`The new price must be at most ${euros(PRICE_MAX_CENTS)}.`);
  if (input.amountCents === current.amountCents) throw badRequest(`The ${plan.name} plan already costs ${euros(current.amountCents)}.`);
  const last = [...book.changes].reverse().find((c) => c.planType === input.planType);
  if (last && input.effectiveAt.getTime() < settledBy(last).getTime()) {
    const from = settledBy(last);
    const next = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
    throw conflict(
      `The ${plan.name} plan already has a price change on ${dateText(last.effectiveAt)}. A new one can start on ${dateText(next)} at the earliest, once every subscriber has moved to the first.`,
    );
  }
  return current;
}

/**
 * Schedules a plan's new price (the operator's form): checks every rule, creates the Stripe price, records
 * the change, then tells and schedules every subscriber. Answers the change as /admin lists it.
 */
export async function schedulePriceChange(
  db: Db,
  config: Config,
  chores: Queue<ChoreMessage>,
  actor: AuthUser,
  input: ScheduleInput,
  now = new Date(),
): Promise<ApiPriceChange> {
  const current = checkRules(await loadPriceBook(db, config, now), input, now);
  const stripe = stripeClient(config);
  const old = await stripe.prices.retrieve(current.priceId!);
  const price = await stripe.prices.create({
    product: idOf(old.product)!,
    currency: old.currency,
    unit_amount: input.amountCents,
    recurring: { interval: old.recurring!.interval, interval_count: old.recurring!.interval_count },
    nickname: billingPlanById(input.planType).name,
    metadata: { plan_type: input.planType, effective_date: dayOf(input.effectiveAt) },
  });
  const change = await db.transaction(async (tx) => {
    // One change at a time per plan: two operators submitting at once are ordered here, and the second
    // sees the first (its unused Stripe price stays behind, inactive in our books).
    await tx.execute(sqlLock(input.planType));
    checkRules(await loadPriceBook(tx, config, now), input, now);
    const [row] = await tx
      .insert(priceChanges)
      .values({
        planType: input.planType,
        oldAmountCents: current.amountCents,
        newAmountCents: input.amountCents,
        currency: old.currency,
        oldStripePriceId: current.priceId!,
        stripePriceId: price.id,
        effectiveAt: input.effectiveAt,
        createdBy: actor.id,
        createdByEmail: actor.email,
      })
      .returning();
    return row!;
  });
  log("info", "billing: price change scheduled", {
    priceChangeId: change.id,
    planType: change.planType,
    from: change.oldAmountCents,
    to: change.newAmountCents,
    effectiveAt: change.effectiveAt.toISOString(),
  });
  // recorded, then queued to be told: a send that fails here is logged and the cron queues the run again
  await queueNotices(db, chores, change).catch((err: unknown) =>
    log("error", "billing: price change notices not queued; the cron queues them", { priceChangeId: change.id, ...errorFields(err) }),
  );
  return (await listPriceChanges(db)).find((c) => c.id === change.id)!;
}

/**
 * Withdraws a scheduled change (decision 196) while its date has not come and nobody has moved to it. In the
 * request, under the plan's lease (decision 250, so no run of notices tells or schedules anyone of the plan
 * meanwhile): the checks, then the change is marked withdrawn (it leaves the price book, nothing new is scheduled
 * and nobody new is told; the conditional update makes one withdrawal win, a second answers 409), then its notices
 * are queued on CHORES (decision 276). The consumer (sendWithdrawalBatch) releases each Stripe schedule made for it
 * (the subscription simply goes on at today's price; a Team's seat reduction on it stays, decision 271) and emails everyone who was told, once each.
 */
export async function withdrawPriceChange(db: Db, chores: Queue<ChoreMessage>, id: string, now = new Date()): Promise<ApiPriceChange> {
  const [found] = await db.select({ planType: priceChanges.planType }).from(priceChanges).where(eq(priceChanges.id, id)).limit(1);
  if (!found) throw notFound("No such price change.");
  const queued = await oneAtATime(
    db,
    planLease(found.planType),
    "The plan's subscribers are being told of a price change right now. Please try again in a few minutes.",
    async () => {
      const change = await withdrawHeld(db, id, now);
      // withdrawn, then queued: a send that fails here is logged and the cron queues the notices again
      return queueWithdrawals(db, chores, change).catch((err: unknown) => {
        log("error", "billing: price change withdrawals not queued; the cron queues them", { priceChangeId: id, ...errorFields(err) });
        return 0;
      });
    },
    { ttlSeconds: PLAN_RUN_TTL_SECONDS },
  );
  log("info", "billing: price change withdrawn", { priceChangeId: id, planType: found.planType, queued });
  return (await listPriceChanges(db, now)).find((c) => c.id === id)!;
}

async function withdrawHeld(db: Db, id: string, now: Date): Promise<PriceChange> {
  const [change] = await db.select().from(priceChanges).where(eq(priceChanges.id, id)).limit(1);
  if (!change) throw notFound("No such price change.");
  if (change.withdrawnAt) throw conflict("This price change is already withdrawn.");
  if (change.effectiveAt.getTime() <= now.getTime()) {
    throw conflict(`This price change took effect on ${dateText(change.effectiveAt)}; it can no longer be withdrawn.`);
  }
  const moved = await movedTo(db, change, now);
  if (moved > 0) {
    throw conflict(
      `${moved === 1 ? "A subscriber has" : `${moved} subscribers have`} already moved to the new price; this change can no longer be withdrawn.`,
    );
  }
  const [withdrawn] = await db
    .update(priceChanges)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(and(eq(priceChanges.id, id), isNull(priceChanges.withdrawnAt)))
    .returning();
  if (!withdrawn) throw conflict("This price change is already withdrawn.");
  return withdrawn;
}

/** A withdrawn change's notices with work left: a schedule to release, or a withdrawal email owed (decision 251). */
const withdrawalOwed = or(
  isNotNull(priceChangeNotices.stripeScheduleId),
  and(isNotNull(priceChangeNotices.emailedAt), isNull(priceChangeNotices.withdrawalEmailedAt)),
);

/**
 * Queues a withdrawn change's notices that still have work (withdrawalOwed), NOTICES_PER_MESSAGE a message on the
 * CHORES queue, as queueNotices does; the change's `updated_at` records the activity (NOTICES_RESEND_MS). Answers
 * how many notices were queued.
 */
export async function queueWithdrawals(
  db: Db,
  chores: Queue<ChoreMessage>,
  change: PriceChange,
  { perMessage = NOTICES_PER_MESSAGE } = {},
): Promise<number> {
  const owed = await db
    .select({ id: priceChangeNotices.id })
    .from(priceChangeNotices)
    .where(and(eq(priceChangeNotices.priceChangeId, change.id), withdrawalOwed))
    .orderBy(priceChangeNotices.id);
  await db.update(priceChanges).set({ updatedAt: new Date() }).where(eq(priceChanges.id, change.id));
  if (owed.length === 0) return 0;
  const requestId = currentRequestId();
  const messages: MessageSendRequest<ChoreMessage>[] = [];
  for (let i = 0; i < owed.length; i += perMessage) {
    const noticeIds = owed.slice(i, i + perMessage).map((o) => o.id);
    messages.push({ body: { priceWithdrawals: { priceChangeId: change.id, noticeIds }, requestId } });
  }
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await chores.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
  log("info", "billing: price change withdrawals queued", { priceChangeId: change.id, notices: owed.length, messages: messages.length });
  return owed.length;
}

/**
 * The CHORES consumer's part of a withdrawal: for each of one message's notices, under the plan's lease (decision
 * 250; a change of the plan scheduled after the withdrawal may be taking over the same Stripe schedule), releases
 * its schedule if it is still this change's, clears the notice's schedule, and emails its owner once if they were
 * told (the notice's `withdrawal_emailed_at` is claimed before sending and cleared if the send fails, decision
 * 251). Every notice is tried; the first failure is thrown after the others, so the queue retries the message and
 * the retry releases nothing twice and emails nobody twice. `busy` when the plan's lease is taken: the caller puts
 * the message back on the queue.
 */
export async function sendWithdrawalBatch(
  db: Db,
  config: Config,
  mailer: Mailer,
  { priceChangeId, noticeIds }: PriceWithdrawalChore["priceWithdrawals"],
): Promise<{ busy: true } | { busy: false; emailed: number }> {
  const [change] = await db.select().from(priceChanges).where(eq(priceChanges.id, priceChangeId)).limit(1);
  if (!change?.withdrawnAt) return { busy: false, emailed: 0 };
  const run = await ifFree(db, planLease(change.planType), () => withdrawNotices(db, config, mailer, change, noticeIds), BATCH_TTL_SECONDS);
  if (!run.ran) {
    log("info", "billing: price change withdrawals wait (the plan is busy)", { priceChangeId });
    return { busy: true };
  }
  // activity: the cron does not queue this withdrawal again while its batches keep finishing
  await db.update(priceChanges).set({ updatedAt: new Date() }).where(eq(priceChanges.id, change.id));
  return { busy: false, emailed: run.value };
}

async function withdrawNotices(db: Db, config: Config, mailer: Mailer, change: PriceChange, noticeIds: string[]): Promise<number> {
  const notices = await db
    .select()
    .from(priceChangeNotices)
    .where(and(eq(priceChangeNotices.priceChangeId, change.id), inArray(priceChangeNotices.id, noticeIds), withdrawalOwed));
  const stripe = stripeClient(config);
  const plan = billingPlanById(change.planType);
  let emailed = 0;
  let failed: unknown = null;
  for (const n of notices) {
    try {
      if (n.stripeScheduleId) {
        const schedule = await stripe.subscriptionSchedules.retrieve(n.stripeScheduleId);
        if (schedule.metadata?.price_change === change.id && (schedule.status === "active" || schedule.status === "not_started")) {
          // a Team's seat reduction made on this schedule stays (./schedules.ts): only the new price leaves it
          const sub = await stripe.subscriptions.retrieve(idOf(schedule.subscription)!);
          const { seats } = pendingOf(schedule, sub.items.data[0]!);
          if (seats) await writeSchedule(stripe, sub.id, schedule.id, { seats, price: null });
          else
            await stripe.subscriptionSchedules.release(
              schedule.id,
              {},
              { idempotencyKey: `price-change-withdraw-releases-${schedule.id}` },
            );
        }
        await db
          .update(priceChangeNotices)
          .set({ stripeScheduleId: null, switchAt: null, updatedAt: new Date() })
          .where(eq(priceChangeNotices.id, n.id));
      }
      if (!n.emailedAt || n.withdrawalEmailedAt) continue;
      const [claimed] = await db
        .update(priceChangeNotices)
        .set({ withdrawalEmailedAt: new Date() })
        .where(and(eq(priceChangeNotices.id, n.id), isNull(priceChangeNotices.withdrawalEmailedAt)))
        .returning({ id: priceChangeNotices.id });
      if (!claimed) continue;
      try {
        await mailer.send(
          priceChangeWithdrawnEmail(
            n.email,
            {
              planName: plan.name,
              period: plan.period,
              amount: euros(change.oldAmountCents, change.currency),
              effectiveDate: dateText(change.effectiveAt),
            },
            (n.userId ? await accountLocale(db, { id: n.userId }) : null) ?? baseLocale,
          ),
        );
      } catch (err) {
        await db.update(priceChangeNotices).set({ withdrawalEmailedAt: null }).where(eq(priceChangeNotices.id, n.id));
        throw err;
      }
      emailed += 1;
    } catch (err) {
      failed ??= err;
      log("error", "billing: a price change withdrawal failed; its message is retried", {
        priceChangeId: change.id,
        subscriptionId: n.stripeSubscriptionId,
        ...errorFields(err),
      });
    }
  }
  if (failed) throw failed;
  return emailed;
}

/** How many subscriptions already pay the change's price, or were due to move by `now`. */
async function movedTo(db: Db, change: PriceChange, now: Date): Promise<number> {
  const [paying] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.stripePriceId, change.stripePriceId));
  const [due] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(priceChangeNotices)
    .where(and(eq(priceChangeNotices.priceChangeId, change.id), sql`${priceChangeNotices.switchAt} <= ${now}`));
  return Math.max(Number(paying!.n), Number(due!.n));
}

/** A transaction lock per plan (released at commit). */
const sqlLock = (plan: BillingPlan) => sql`select pg_advisory_xact_lock(hashtext(${`price_change:${plan}`}))`;

/**
 * The plan's lease (decision 250, worker/lib/lease.ts): held by a withdrawal and by every run of notices
 * (each queued batch, one person's settle) while it tells and schedules people, so a withdrawal
 * never misses a schedule a run is making; and by each batch of a withdrawal's releases (decision 276). Not the advisory lock above: these hold it across Stripe calls.
 */
const planLease = (plan: BillingPlan) => `price-change-run:${plan}`;
/** How long a withdrawal may hold it: the cron's own limit. */
const PLAN_RUN_TTL_SECONDS = 900;

/** The change each plan's subscribers are moving to now: the plan's newest one (older ones are done). */
function newestByPlan(book: PriceBook): PriceChange[] {
  const newest = new Map<BillingPlan, PriceChange>();
  for (const c of book.changes) newest.set(c.planType, c);
  return [...newest.values()];
}

/** Subscriptions per CHORES message: each costs a few Stripe calls and an email, so a message stays far inside a
 * Worker's subrequests and the plan's lease is held for a minute or so (a withdrawal waits up to 25 s, decision 250). */
export const NOTICES_PER_MESSAGE = 25;
/** Messages per `sendBatch` (Queues take at most 100 and 256 KB a call; a message here is ~1 KB). */
const MESSAGES_PER_SEND = 50;
/**
 * A change whose notices saw no activity (queued, or a batch done) for this long is queued again by the cron for
 * whoever is still untold or unscheduled: its messages were lost or ran out of retries. While batches keep
 * finishing, the cron leaves it alone, so a long run is not queued twice.
 */
export const NOTICES_RESEND_MS = 15 * 60_000;
/** How long a batch (or one person's settle) may hold the plan's lease. */
const BATCH_TTL_SECONDS = 300;
/** A batch that found the plan's lease taken goes back on the queue for this long (not a retry: nothing failed). */
export const PLAN_BUSY_DELAY_SECONDS = 30;
/** A person's plan tells the person; a Team plan its team's owner, who pays it (issue 37). */
const payer = sql<string>`coalesce(${subscriptions.userId}, ${teams.ownerUserId})`;

/** The live subscriptions of the change's plan not yet paying its price, and of those the ones in `scope`. */
function owedWhere(change: PriceChange, scope: NoticeScope) {
  return and(
    eq(subscriptions.planType, change.planType),
    inArray(subscriptions.status, LIVE),
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
  const requestId = currentRequestId();
  const messages: MessageSendRequest<ChoreMessage>[] = [];
  for (let i = 0; i < owed.length; i += perMessage) {
    const subscriptionIds = owed.slice(i, i + perMessage).map((o) => o.id);
    messages.push({ body: { priceNotices: { priceChangeId: change.id, subscriptionIds }, requestId } });
  }
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await chores.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
  log("info", "billing: price change notices queued", { priceChangeId: change.id, subscriptions: owed.length, messages: messages.length });
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
        inArray(subscriptions.status, LIVE),
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

/**
 * Withdrawn changes' notices with work left (withdrawalOwed: a schedule to release or a withdrawal email owed), for
 * Monitoring beside noticesOwed: normally 0 seconds after a withdrawal's batches ran (decision 276).
 */
export async function withdrawalsOwed(db: Db | HttpDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(priceChangeNotices)
    .innerJoin(priceChanges, eq(priceChanges.id, priceChangeNotices.priceChangeId))
    .where(and(isNotNull(priceChanges.withdrawnAt), withdrawalOwed));
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

/**
 * The cron (every few minutes): queues again every run that stopped before all were told, and each plan's newest
 * change while it can still move someone, for the subscriptions it has not scheduled yet (a joiner whose settle
 * failed, a resume no webhook told us of); and every withdrawn change whose notices still have a schedule or owe a
 * withdrawal email (decisions 251, 276). Either only once the change saw no activity for NOTICES_RESEND_MS; a
 * conditional update claims it, so two passes never queue it twice. Idempotent: nobody is emailed twice. Answers
 * how many subscriptions and notices were queued.
 */
export async function resumePriceChangeNotices(deps: Pick<JobDeps, "db" | "config" | "chores" | "now">): Promise<number> {
  const { db, config, chores, now } = deps;
  const book = await loadPriceBook(db, config, now);
  const newest = newestByPlan(book).filter((c) => now.getTime() < settledBy(c).getTime());
  const pending = [...new Map([...book.changes.filter((c) => c.status === "notifying"), ...newest].map((c) => [c.id, c])).values()];
  const withdrawn = await db
    .select()
    .from(priceChanges)
    .where(
      and(
        isNotNull(priceChanges.withdrawnAt),
        exists(
          db
            .select({ id: priceChangeNotices.id })
            .from(priceChangeNotices)
            .where(and(eq(priceChangeNotices.priceChangeId, priceChanges.id), withdrawalOwed)),
        ),
      ),
    );
  let done = 0;
  for (const change of [...pending, ...withdrawn]) {
    try {
      const [idle] = await db
        .update(priceChanges)
        .set({ updatedAt: now })
        .where(and(eq(priceChanges.id, change.id), lte(priceChanges.updatedAt, new Date(now.getTime() - NOTICES_RESEND_MS))))
        .returning();
      if (!idle) continue;
      done += idle.withdrawnAt ? await queueWithdrawals(db, chores, idle) : await queueNotices(db, chores, idle, { unsettledOnly: true });
    } catch (err) {
      log("error", "billing: price change notices not queued again", { priceChangeId: change.id, ...errorFields(err) });
    }
  }
  return done;
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
  if (!item || !LIVE.includes(live.status) || item.price.id === change.stripePriceId || book.planOf(item.price.id) !== change.planType)
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
            planName: billingPlanById(change.planType).name,
            period: billingPlanById(change.planType).period,
            oldAmount: euros(change.oldAmountCents, change.currency),
            newAmount: euros(change.newAmountCents, change.currency),
            effectiveDate: dateText(change.effectiveAt),
            switchDate: dateText(switchAt),
            seats:
              change.planType === "team" ? { count: sub.seats, newTotal: euros(change.newAmountCents * sub.seats, change.currency) } : null,
            accountUrl: appUrl(config.APP_URL, change.planType === "team" ? paths.team : paths.account),
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

/**
 * The subscription's first renewal at or after `from`: its period end, or a later one counted from the
 * billing cycle anchor as Stripe counts (no drift on short months).
 */
export function renewalOnOrAfter(sub: Stripe.Subscription, from: Date): Date {
  const item = sub.items.data[0]!;
  const { interval, interval_count: count } = item.price.recurring!;
  const target = Math.floor(from.getTime() / 1000);
  let end = item.current_period_end;
  for (let k = 1; end < target; k += 1) end = Math.max(end, addInterval(sub.billing_cycle_anchor, interval, count * k));
  return fromUnix(end)!;
}

function addInterval(ts: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  if (interval === "day") return ts + count * 86_400;
  if (interval === "week") return ts + count * 7 * 86_400;
  const d = new Date(ts * 1000);
  const months = interval === "month" ? count : count * 12;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const day = Math.min(d.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000;
}

/**
 * The subscription's schedule to the new price: ours already (nothing to do), none (made), an older
 * price change's (replaced). None for a subscription that will not renew (cancelled at the period end:
 * the cancel wins and our schedule is released, as for a downgrade, decision 091) or that has a
 * downgrade pending (it leaves the plan). Answers the schedule's id, or null.
 */
async function ensureSchedule(stripe: Stripe, sub: Stripe.Subscription, change: PriceChange, switchAt: Date): Promise<string | null> {
  const existingId = idOf(sub.schedule);
  const existing = existingId ? await stripe.subscriptionSchedules.retrieve(existingId) : null;
  const ours = existing?.metadata?.price_change === change.id;
  if (sub.cancel_at_period_end || sub.status === "canceled") {
    if (existing && ours && (existing.status === "active" || existing.status === "not_started")) {
      await stripe.subscriptionSchedules.release(existing.id, {}, { idempotencyKey: `price-change-cancel-releases-${existing.id}` });
    }
    return null;
  }
  if (existing && ours) return existing.id;
  // A Team's seat reduction (./team-billing.ts) stays on the schedule beside the new price; any other
  // unmarked schedule is a downgrade: the subscription leaves the plan.
  const { seats } = existing ? pendingOf(existing, sub.items.data[0]!) : { seats: null };
  if (existing && !existing.metadata?.price_change && !seats) return null;
  // (no idempotency key when a schedule is made: after a cancel and a resume the subscription needs a
  // second, new schedule; two runs at once make Stripe refuse the second, "already attached to a
  // schedule", and its retry finds ours)
  return writeSchedule(stripe, sub.id, existing?.id ?? null, {
    seats,
    price: { priceId: change.stripePriceId, at: Math.floor(switchAt.getTime() / 1000), changeId: change.id },
  });
}

/** Every price change, newest effective date first, with how many subscribers were told (for /admin). */
export async function listPriceChanges(db: Db, now = new Date()): Promise<ApiPriceChange[]> {
  const rows = await db
    .select({
      change: priceChanges,
      notified: sql<number>`(select count(*) from price_change_notices n where n.price_change_id = price_changes.id and n.emailed_at is not null)::int`,
    })
    .from(priceChanges)
    .orderBy(desc(priceChanges.effectiveAt), desc(priceChanges.createdAt));
  return rows.map(({ change, notified }) => ({
    id: change.id,
    planType: change.planType,
    oldAmountCents: change.oldAmountCents,
    newAmountCents: change.newAmountCents,
    currency: change.currency,
    stripePriceId: change.stripePriceId,
    effectiveDate: change.effectiveAt.toISOString(),
    createdAt: change.createdAt.toISOString(),
    createdBy: change.createdByEmail,
    status: change.status,
    withdrawnAt: change.withdrawnAt?.toISOString() ?? null,
    inEffect: !change.withdrawnAt && change.effectiveAt.getTime() <= now.getTime(),
    subscribersNotified: Number(notified),
  }));
}
