/** POST /api/team/accept — joins the team of the invitation (signed in with the invited address). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const acceptInvitation = (token: string) => data(client.api.team.accept.$post({ json: { token } }));

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSettled: () => invalidateTeam(queryClient) });
}
