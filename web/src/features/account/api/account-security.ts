/** GET /api/account — how the person signs in (a password, Google), so /account offers what fits. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const accountSecurityQuery = () => queryOptions({ queryKey: ["/api/account"], queryFn: () => data(client.api.account.$get()) });

export function useAccountSecurity() {
  return useQuery(accountSecurityQuery());
}
