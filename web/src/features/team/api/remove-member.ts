/** DELETE /api/team/members/:id — removes a member; their account and photos stay theirs. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const removeMember = (id: string) => data(client.api.team.members[":id"].$delete({ param: { id } }));

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => invalidateTeam(queryClient) });
}
