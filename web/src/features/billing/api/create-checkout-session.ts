/** POST /api/stripe/create-checkout-session {priceId} → {type: "checkout", url}; the caller redirects. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data, errorCode } from "@/api/client";
import { invalidateBilling } from "./invalidate";

export const createCheckoutSession = (priceId: string) => data(client.api.stripe["create-checkout-session"].$post({ json: { priceId } }));

export function useCreateCheckoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSession,
    // a plan canceled since the page loaded (issue 46): the page redraws with the plan that ends
    onError: (err) => (errorCode(err) === "subscription_canceled" ? invalidateBilling(queryClient) : undefined),
  });
}
