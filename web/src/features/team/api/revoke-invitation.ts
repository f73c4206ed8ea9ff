/** DELETE /api/team/invitations/:id — the link stops working and its seat is free again. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const revokeInvitation = (id: string) => data(client.api.team.invitations[":id"].$delete({ param: { id } }));

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => invalidateTeam(queryClient) });
}
