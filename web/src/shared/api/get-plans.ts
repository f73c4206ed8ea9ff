/**
 * GET /api/stripe/plans — the three plans in order, with the Stripe price id of each (never hard-coded), and the
 * Team plan's seat price; each at today's price (a price change takes over on its effective date, decision 093).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { TEAM_PLAN } from "@/lib/domain";

const getPriceList = async () => data(client.api.stripe.plans.$get());

/** The whole answer, in the cache once for the plans and the Team plan's seat. */
const priceListQuery = () => queryOptions({ queryKey: ["/api/stripe/plans"], queryFn: getPriceList });

export const getPlans = async () => (await getPriceList()).plans;

export type Plan = Awaited<ReturnType<typeof getPlans>>[number];

export const plansQuery = () => queryOptions({ ...priceListQuery(), select: (list) => list.plans });

export const usePlans = () => useQuery(plansQuery());

/**
 * A Team plan seat's price a month today, in cents (decision 288): the launch price until the list has come, or
 * if it cannot be read, as the prerendered pages show it.
 */
export function useTeamSeatCents(): number {
  const { data: seatCents } = useQuery({ ...priceListQuery(), select: (list) => list.team?.seatCents });
  return seatCents ?? TEAM_PLAN.pricePerSeatCents;
}
