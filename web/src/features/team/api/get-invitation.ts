/** GET /api/team/invitation?token= — the team's name and the invited address, before accepting. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getInvitation = (token: string) => data(client.api.team.invitation.$get({ query: { token } }));

export const invitationQuery = (token: string) =>
  queryOptions({ queryKey: ["/api/team/invitation", token], queryFn: () => getInvitation(token), retry: false });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQuery(token), enabled: token.length > 0 });
}
