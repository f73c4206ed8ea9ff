/**
 * Returns from Stripe's hosted pages (SPEC §4 Billing portal return):
 * - /account?portal=return → refresh the subscription queries, toast 'Subscription Updated', clean the URL;
 * - /dashboard?checkout=success&session_id=… → sync the subscription from Stripe at once (the webhook may
 *   still be on its way), so the credits badge and the generator follow without a reload; toast; clean the URL;
 *   once the subscription reads active, the pixel's Purchase (value and currency of the plan; nothing is
 *   sent without the visitor's consent).
 */
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { CURRENCY, planById } from "@/lib/domain";
import { m } from "@/lib/copy";
import { isActiveSubscription, subscriptionQuery } from "@/shared/api/get-subscription";
import { trackPurchase } from "@/shared/pixel/pixel";
import { plansQuery } from "@/shared/api/get-plans";
import { invalidateBilling } from "./api/invalidate";
import { useSyncSubscription } from "./api/sync-subscription";

export function usePortalReturn() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const returned = new URLSearchParams(search).get("portal") === "return";
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    void invalidateBilling(queryClient);
    toast({ title: m.billing_portal_return_title(), description: m.billing_portal_return_body() });
    navigate(location, { replace: true });
  }, [returned, queryClient, navigate, location]);
}

export function useCheckoutReturn() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const sync = useSyncSubscription();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const params = new URLSearchParams(search);
  const returned = params.get("checkout") === "success" && Boolean(params.get("session_id"));
  const { mutate } = sync;
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    navigate(location, { replace: true });
    mutate(undefined, {
      onSuccess: async () => {
        toast({ title: m.billing_checkout_activated_title(), description: m.billing_checkout_activated_body() });
        const subscription = await queryClient.fetchQuery(subscriptionQuery()).catch(() => undefined);
        if (!subscription || !isActiveSubscription(subscription)) return;
        // Today's price of the plan (a price change applies to new subscriptions: decision 093); the
        // launch price if the list cannot be read.
        const plans = await queryClient
          .fetchQuery(plansQuery())
          .then((list) => list.plans)
          .catch(() => undefined);
        const price = plans?.find((p) => p.id === subscription.planType) ?? {
          amountCents: planById(subscription.planType).priceCents,
          currency: CURRENCY,
        };
        trackPurchase(subscription.planType, price);
      },
      onError: () => toast({ title: m.billing_checkout_received_title(), description: m.billing_checkout_received_body() }),
    });
  }, [returned, mutate, navigate, location, queryClient]);
}
