import { useQuery } from "@tanstack/react-query";
import { api } from "@/api/client";
import type { ApiSubscription } from "@/lib/domain";
import { useAuth } from "@/features/auth/auth-context";
import { isEntitled } from "@/lib/domain";

export const subscriptionQueryKey = ["/api/stripe/subscription"] as const;

/** The same rule the worker enforces (domain/plans.ts). */
export function isActiveSubscription(sub: ApiSubscription | null | undefined): boolean {
  return isEntitled(sub);
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
