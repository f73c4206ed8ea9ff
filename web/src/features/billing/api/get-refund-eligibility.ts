/** GET /api/stripe/refund-eligibility — whether the 30-day money-back request applies now (the server decides). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { useAuth } from "@/shared/auth/auth-context";

export const getRefundEligibility = () => data(client.api.stripe["refund-eligibility"].$get());

export const refundEligibilityQuery = () => queryOptions({ queryKey: ["/api/stripe/refund-eligibility"], queryFn: getRefundEligibility });

export function useRefundEligibility() {
  const { user } = useAuth();
  return useQuery({ ...refundEligibilityQuery(), enabled: Boolean(user) });
}
