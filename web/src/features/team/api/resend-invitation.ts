/** POST /api/team/invitations/:id/resend — a new link (the old one stops working), 7 more days. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const resendInvitation = (id: string) => data(client.api.team.invitations[":id"].resend.$post({ param: { id } }));

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSettled: () => invalidateTeam(queryClient) });
}
