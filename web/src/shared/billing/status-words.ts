/**
 * A subscription's state in words, the same on /account and /team (issue 49): from the server's `entitled` and
 * domain's status groups (domain/subscription-status.ts, decision 347), words from the catalogue.
 */
import { m } from "@/lib/copy";
import { isEndedStatus, isEntitledStatus, isPaymentFailingStatus } from "@/lib/domain";

/** "Active", "Past Due", "Canceled"; a status in no group (`incomplete`, `paused`) as Stripe names it. */
export function statusWords(sub: { status: string; entitled?: boolean }): string {
  if (sub.entitled ?? isEntitledStatus(sub.status)) return m.billing_status_active();
  if (isPaymentFailingStatus(sub.status)) return m.billing_status_past_due();
  if (isEndedStatus(sub.status)) return m.billing_status_canceled();
  return sub.status;
}
