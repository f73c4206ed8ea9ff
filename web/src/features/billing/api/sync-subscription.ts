/** POST /api/stripe/sync-subscription — re-reads the subscription from Stripe, then refreshes what depends on it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateBilling } from "./invalidate";

export const syncSubscription = () => data(client.api.stripe["sync-subscription"].$post());

export function useSyncSubscription() {
  const queryClient = useQueryClient();
  // Refresh whatever happened: a failed sync still leaves the webhook's state to show.
  return useMutation({ mutationFn: syncSubscription, onSettled: () => invalidateBilling(queryClient) });
}
