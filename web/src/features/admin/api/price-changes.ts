/**
 * GET /api/admin/price-changes and POST /api/admin/price-changes {planType, amountCents, effectiveDate}:
 * today's prices, the scheduled changes, and scheduling one (30 days' notice, decision 093);
 * POST /api/admin/price-changes/:id/withdraw withdraws one before anyone moved (decision 196).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { SchedulePriceChangeBody } from "@/lib/domain";
import { financialsKey } from "./keys";

const priceChangesKey = [...financialsKey, "price-changes"] as const;

export const getPriceChanges = () => data(client.api.admin["price-changes"].$get());

export const priceChangesQuery = () => queryOptions({ queryKey: priceChangesKey, queryFn: getPriceChanges });

export const usePriceChanges = () => useQuery(priceChangesQuery());

export const schedulePriceChange = (body: SchedulePriceChangeBody) => data(client.api.admin["price-changes"].$post({ json: body }));

export function useSchedulePriceChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: schedulePriceChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: priceChangesKey }) });
}

export const withdrawPriceChange = (id: string) => data(client.api.admin["price-changes"][":id"].withdraw.$post({ param: { id } }));

export function useWithdrawPriceChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawPriceChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: priceChangesKey }) });
}
