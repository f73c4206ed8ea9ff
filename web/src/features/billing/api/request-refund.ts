/** POST /api/stripe/refund — the 30-day money-back guarantee: refunds the first payment and ends the subscription. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateBilling } from "./invalidate";

export const requestRefund = () => data(client.api.stripe.refund.$post());

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestRefund, onSettled: () => invalidateBilling(queryClient) });
}
