/**
 * A Google sign-in waiting for the age and terms confirmation (decision 104):
 * GET /api/auth/google/pending — whose it is; POST /api/auth/google/confirm — confirm and create the account.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export function useGooglePending(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/auth/google/pending"],
    queryFn: () => data(client.api.auth.google.pending.$get()),
    enabled,
    retry: false,
  });
}

export function useConfirmGoogle() {
  return useMutation({ mutationFn: () => data(client.api.auth.google.confirm.$post({ json: { acceptTerms: true } })) });
}
