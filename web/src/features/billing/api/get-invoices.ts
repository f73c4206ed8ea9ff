/** GET /api/stripe/invoices — every Stripe invoice of the signed-in user, newest first. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { useAuth } from "@/shared/auth/auth-context";

export const getInvoices = () => data(client.api.stripe.invoices.$get());

export const invoicesQuery = () => queryOptions({ queryKey: ["/api/stripe/invoices"], queryFn: getInvoices });

export function useInvoices() {
  const { user } = useAuth();
  return useQuery({ ...invoicesQuery(), enabled: Boolean(user) });
}
