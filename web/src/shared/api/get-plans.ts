/** GET /api/stripe/plans — the three plans in order, with the Stripe price id of each (never hard-coded). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getPlans = async () => (await data(client.api.stripe.plans.$get())).plans;

export type Plan = Awaited<ReturnType<typeof getPlans>>[number];

export const plansQuery = () => queryOptions({ queryKey: ["/api/stripe/plans"], queryFn: getPlans });

export const usePlans = () => useQuery(plansQuery());
