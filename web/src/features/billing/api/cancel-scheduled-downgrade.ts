/**
 * POST /api/stripe/cancel-scheduled-downgrade, then POST /api/stripe/sync-subscription (SPEC §7: its
 * failure is tolerated), then the billing queries are refreshed.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateBilling } from "./invalidate";
import { syncSubscription } from "./sync-subscription";

export async function cancelScheduledDowngrade() {
  const result = await data(client.api.stripe["cancel-scheduled-downgrade"].$post());
  await syncSubscription().catch((err: unknown) => console.warn("sync-subscription after cancelling the downgrade failed", err));
  return result;
}

export function useCancelScheduledDowngrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelScheduledDowngrade, onSettled: () => invalidateBilling(queryClient) });
}
