/** POST /api/team/checkout — Stripe Checkout for the Team plan with a quantity of seats. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const teamCheckout = (seats: number) => data(client.api.team.checkout.$post({ json: { seats } }));

export function useTeamCheckout() {
  return useMutation({ mutationFn: teamCheckout, onSuccess: ({ url }) => window.location.assign(url) });
}
