/**
 * The rules of a price change (issue 22; decisions 093, 195): the first and the last day it may start, when it has
 * moved everyone (a next change of the plan waits for that), and the checks of the operator's input, each refusal
 * a 4xx with the sentence to show.
 */
import type { PriceChange } from "../../../db/schema";
import {
  billingPlanById,
  euros,
  PRICE_CHANGE_HORIZON_DAYS,
  PRICE_CHANGE_NOTICE_DAYS,
  PRICE_MAX_CENTS,
  type BillingPlan,
} from "../../../domain/plans";
import { longDate as dateText } from "../../../domain/words";
import { badRequest, conflict } from "../../lib";
import type { PriceBook } from "../prices";
import { paymentsUnavailable } from "../stripe";

export const DAY_MS = 86_400_000;
export const NOTICE_MS = PRICE_CHANGE_NOTICE_DAYS * DAY_MS;

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
export function checkRules(book: PriceBook, input: ScheduleInput, now: Date) {
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

/** The change each plan's subscribers are moving to now: the plan's newest one (older ones are done). */
export function newestByPlan(book: PriceBook): PriceChange[] {
  const newest = new Map<BillingPlan, PriceChange>();
  for (const c of book.changes) newest.set(c.planType, c);
  return [...newest.values()];
}
