/**
 * Withdrawing a price change (decisions 196, 250, 251, 276): while its date has not come and nobody moved, the
 * change leaves the price book at once, and a run on the CHORES queue takes its new price off every schedule made
 * for it and tells everyone who was told, once each.
 */
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db, HttpDb } from "../../../db";
import { priceChangeNotices, priceChanges, subscriptions, type PriceChange } from "../../../db/schema";
import { longDate as dateText } from "../../../domain/words";
import type { ApiPriceChange } from "../../../domain/admin-api";
import type { Config } from "../../config";
import type { ChoreMessage, PriceWithdrawalChore } from "../../env";
import { accountLocale, conflict, errorFields, ifFree, log, notFound, oneAtATime } from "../../lib";
import { baseLocale } from "../../../copy";
import { type Mailer, priceChangeWithdrawnEmail } from "../../mail";
import { stripeClient } from "../stripe";
import { NOTICES_PER_MESSAGE, queueInMessages } from "./batches";
import { BATCH_TTL_SECONDS, PLAN_RUN_TTL_SECONDS, planLease } from "./leases";
import { dropPriceChange } from "./schedules";
import { listPriceChanges } from "./stripe-prices";

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
export const withdrawalOwed = or(
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
  const ids = owed.map((o) => o.id);
  const messages = await queueInMessages(chores, ids, perMessage, (noticeIds) => ({
    priceWithdrawals: { priceChangeId: change.id, noticeIds },
  }));
  log("info", "billing: price change withdrawals queued", { priceChangeId: change.id, notices: owed.length, messages });
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
  let emailed = 0;
  let failed: unknown = null;
  for (const n of notices) {
    try {
      if (n.stripeScheduleId) {
        // a Team's seat reduction made on this schedule stays (../schedules.ts): only the new price leaves it
        await dropPriceChange(stripe, n.stripeScheduleId, change.id);
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
              plan: change.planType,
              amount: { cents: change.oldAmountCents, currency: change.currency },
              effectiveDate: change.effectiveAt,
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
