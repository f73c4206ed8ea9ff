/** POST /api/admin/financials/backfill-invoices — records Stripe's paid invoices we miss → {examined, created}. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { financialsKey } from "./keys";

export const backfillInvoices = () => data(client.api.admin.financials["backfill-invoices"].$post());

/** SPEC §7: afterwards the financials queries are refreshed. */
export function useBackfillInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backfillInvoices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialsKey }),
  });
}
