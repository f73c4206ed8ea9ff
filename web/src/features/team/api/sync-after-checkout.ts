/**
 * Back from the Team Checkout (/team?checkout=success): POST /api/stripe/sync-subscription re-reads the
 * owner's subscriptions from Stripe (the Team one included) at once, since the webhook may still be on its way.
 */
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { client, data } from "@/api/client";
import { toast } from "@/components/ui/use-toast";
import { m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { invalidateTeam } from "./invalidate";

export function useSyncAfterCheckout(checkout: string | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (checkout !== "success" || done.current) return;
    done.current = true;
    void data(client.api.stripe["sync-subscription"].$post())
      .catch((err: unknown) => console.warn("sync after the team checkout failed", err))
      .then(() => invalidateTeam(queryClient))
      .then(() => {
        toast({ title: m.team_seats_purchased(), description: m.team_seats_purchased_body() });
        navigate(paths.team, { replace: true });
      });
  }, [checkout, queryClient, navigate]);
}
