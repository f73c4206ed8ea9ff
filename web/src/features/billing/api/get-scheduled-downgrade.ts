/** GET /api/stripe/scheduled-downgrade — the plan the subscription moves to at the period end, or null. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { useAuth } from "@/shared/auth/auth-context";

export const getScheduledDowngrade = () => data(client.api.stripe["scheduled-downgrade"].$get());

export const scheduledDowngradeQuery = () =>
  queryOptions({ queryKey: ["/api/stripe/scheduled-downgrade"], queryFn: getScheduledDowngrade });

export function useScheduledDowngrade() {
  const { user } = useAuth();
  return useQuery({ ...scheduledDowngradeQuery(), enabled: Boolean(user) });
}
