/** GET /api/team/capture?token= and POST /api/team/capture/join (issue 37): a capture link's page. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const getCaptureLink = (token: string) => data(client.api.team.capture.$get({ query: { token } }));

export const captureLinkQuery = (token: string) =>
  queryOptions({ queryKey: ["/api/team/capture", token], queryFn: () => getCaptureLink(token), retry: false });

export function useCaptureLink(token: string) {
  return useQuery({ ...captureLinkQuery(token), enabled: token.length > 0 });
}

export const joinByLink = (token: string) => data(client.api.team.capture.join.$post({ json: { token } }));

export function useJoinByLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinByLink, onSettled: () => invalidateTeam(queryClient) });
}

/**
 * POST /api/auth/resend-verification: the verification mail again, for someone who must verify before joining; its
 * link comes back to the link's page (`next`, decision 326).
 */
export const resendVerification = (next: string) => data(client.api.auth["resend-verification"].$post({ json: { next } }));

export const useResendVerificationMail = () => useMutation({ mutationFn: resendVerification });
