/** GET /api/stripe/subscription — the caller's current subscription, or null. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { useAuth } from "@/shared/auth/auth-context";
import { hasPaidTeamSeat, useMyTeam } from "./get-my-team";

export const getSubscription = () => data(client.api.stripe.subscription.$get());

export type Subscription = Awaited<ReturnType<typeof getSubscription>>;

export const subscriptionQuery = () => queryOptions({ queryKey: ["/api/stripe/subscription"], queryFn: getSubscription });

export function useSubscription() {
  const { user } = useAuth();
  return useQuery({ ...subscriptionQuery(), enabled: Boolean(user) });
}

/** The person's own plan grants the paid features now: the server says so (`entitled`, issue 49), as for a team. */
export function isActiveSubscription(sub: Subscription | undefined): boolean {
  return sub?.entitled ?? false;
}

/**
 * True when the signed-in user has the paid features: an active subscription of their own, or a paid
 * seat in a team (issue 25). False while loading or on error.
 */
export function useIsSubscriber() {
  const { data: subscription } = useSubscription();
  const { data: team } = useMyTeam();
  return isActiveSubscription(subscription) || hasPaidTeamSeat(team);
}
