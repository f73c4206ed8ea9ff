/**
 * A price change is a new Stripe price of its plan's product (decision 093): made here from the operator's form,
 * once the rules pass, and recorded in `price_changes`; then every subscriber is told (./notices.ts). And the list
 * of every change, as /admin shows it.
 */
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import { priceChanges } from "../../../db/schema";
import { billingPlanById } from "../../../domain/plans";
import type { ApiPriceChange } from "../../../domain/admin-api";
import type { Config } from "../../config";
import type { AuthUser, ChoreMessage } from "../../env";
import { errorFields, log } from "../../lib";
import { loadPriceBook } from "../prices";
import { idOf, stripeClient } from "../stripe";
import { sqlLock } from "./leases";
import { queueNotices } from "./notices";
import { checkRules, type ScheduleInput } from "./rules";

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

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
