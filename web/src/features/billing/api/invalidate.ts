/**
 * After anything that can change the subscription: refetch every query that depends on it, through the
 * keys their owners define — the subscription (generator, gallery downloads, header), the credits badge,
 * the scheduled downgrade, the money-back offer and the invoice list.
 */
import type { QueryClient } from "@tanstack/react-query";
import { creditsQuery } from "@/shared/api/get-credits";
import { subscriptionQuery } from "@/shared/api/get-subscription";
import { invoicesQuery } from "./get-invoices";
import { refundEligibilityQuery } from "./get-refund-eligibility";
import { scheduledDowngradeQuery } from "./get-scheduled-downgrade";

export function invalidateBilling(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: scheduledDowngradeQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: refundEligibilityQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: invoicesQuery().queryKey }),
  ]);
}
