/** POST /api/stripe/change-subscription {priceId} → upgrade now, downgrade at the period end, or checkout. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data, errorCode } from "@/api/client";
import { invalidateBilling } from "./invalidate";

export const changeSubscription = (priceId: string) => data(client.api.stripe["change-subscription"].$post({ json: { priceId } }));

export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: () => invalidateBilling(queryClient),
    // canceled since the page loaded (issue 46): the page redraws with the plan that ends
    onError: (err) => (errorCode(err) === "subscription_canceled" ? invalidateBilling(queryClient) : undefined),
  });
}
