/**
 * After anything that can change the subscription: refetch every query that depends on it, through the
 * keys their owners define — the subscription (generator, gallery downloads, header), the credits badge,
 * the scheduled downgrade and the money-back offer.
 */
import type { QueryClient } from "@tanstack/react-query";
import { creditsQuery } from "@/shared/api/get-credits";
import { subscriptionQuery } from "@/shared/api/get-subscription";
import { refundEligibilityQuery } from "./get-refund-eligibility";
import { scheduledDowngradeQuery } from "./get-scheduled-downgrade";

export function invalidateBilling(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: scheduledDowngradeQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: refundEligibilityQuery().queryKey }),
  ]);
}
