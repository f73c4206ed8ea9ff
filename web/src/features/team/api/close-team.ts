/** DELETE /api/team — closes the team (its subscription cancelled first); members keep their accounts and photos. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const closeTeam = () => data(client.api.team.$delete());

export function useCloseTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeTeam, onSettled: () => invalidateTeam(queryClient) });
}
