import { useQuery } from "@tanstack/react-query";
import { api } from "@/api/client";
import type { ApiSubscription } from "@/lib/domain";
import { useAuth } from "@/features/auth/auth-context";

export const subscriptionQueryKey = ["/api/stripe/subscription"] as const;

/** Statuses that grant the paid features (mirrors the worker's entitlement check). */
const ACTIVE_STATUSES = new Set(["active", "trialing"]);

export function isActiveSubscription(sub: ApiSubscription | null | undefined): boolean {
  return Boolean(sub && ACTIVE_STATUSES.has(sub.status));
}

/** GET /api/stripe/subscription; `null` when there is none. Any error counts as "no subscription". */
export async function fetchSubscription(): Promise<ApiSubscription | null> {
  try {
    return await api.get<ApiSubscription | null>("/api/stripe/subscription");
  } catch {
    return null;
  }
}

export function useSubscription() {
  const { user } = useAuth();
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: fetchSubscription, enabled: Boolean(user) });
}

/** True when the signed-in user has an active subscription (false while loading). */
export function useIsSubscriber() {
  const { data } = useSubscription();
  return isActiveSubscription(data);
}
