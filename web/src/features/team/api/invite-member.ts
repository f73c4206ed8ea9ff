/** POST /api/team/invitations — mails one invitation link to an address (holds a seat until used). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const inviteMember = (email: string) => data(client.api.team.invitations.$post({ json: { email } }));

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSettled: () => invalidateTeam(queryClient) });
}
