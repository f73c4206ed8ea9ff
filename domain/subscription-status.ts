/**
 * A subscription's status (Stripe's values) in the three groups every rule reads (issue 49): defined here once,
 * used by SQL (drizzle `inArray(subscriptions.status, …)`) and TypeScript alike (decision 347).
 *   - entitled: grants the paid features, while the period lasts;
 *   - live: alive at Stripe — entitled, or a payment failing (past_due, unpaid): it bills or retries, it renews
 *     and it can be told of a price change, and it is the one live subscription a person or team may have;
 *   - ended: nothing more will happen to it. A status in neither live nor ended (`incomplete`, `paused`) is a
 *     subscription waiting on its first payment or paused: not live, but not over either.
 */
export const ENTITLED_STATUSES = ["active", "trialing"] as const;
/** Alive at Stripe, but the payment failed: the account page says so; no paid features until it is fixed. */
export const PAYMENT_FAILING_STATUSES = ["past_due", "unpaid"] as const;
export const LIVE_STATUSES = [...ENTITLED_STATUSES, ...PAYMENT_FAILING_STATUSES] as const;
export const ENDED_STATUSES = ["canceled", "incomplete_expired"] as const;

export type SubscriptionStatusGroup = "entitled" | "live" | "ended";

const has = (group: readonly string[], status: string) => group.includes(status);
export const isEntitledStatus = (status: string) => has(ENTITLED_STATUSES, status);
export const isLiveStatus = (status: string) => has(LIVE_STATUSES, status);
export const isEndedStatus = (status: string) => has(ENDED_STATUSES, status);
export const isPaymentFailingStatus = (status: string) => has(PAYMENT_FAILING_STATUSES, status);
