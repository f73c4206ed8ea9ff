/**
 * Who may work on a plan's price change at a time: a transaction lock while a change is recorded, and the plan's
 * lease (decision 250) while a run tells and schedules people or a withdrawal releases their schedules.
 */
import { sql } from "drizzle-orm";
import type { BillingPlan } from "../../../domain/plans";

/** A transaction lock per plan (released at commit). */
export const sqlLock = (plan: BillingPlan) => sql`select pg_advisory_xact_lock(hashtext(${`price_change:${plan}`}))`;

/**
 * The plan's lease (decision 250, worker/lib/lease.ts): held by a withdrawal and by every run of notices
 * (each queued batch, one person's settle) while it tells and schedules people, so a withdrawal
 * never misses a schedule a run is making; and by each batch of a withdrawal's releases (decision 276). Not the advisory lock above: these hold it across Stripe calls.
 */
export const planLease = (plan: BillingPlan) => `price-change-run:${plan}`;
/** How long a withdrawal may hold it: the cron's own limit. */
export const PLAN_RUN_TTL_SECONDS = 900;
/** How long a batch (or one person's settle) may hold the plan's lease. */
export const BATCH_TTL_SECONDS = 300;
/** A batch that found the plan's lease taken goes back on the queue for this long (not a retry: nothing failed). */
export const PLAN_BUSY_DELAY_SECONDS = 30;
