/** POST /api/team/cancel and /resume — the team's subscription ends (or no longer ends) at the period end. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const setTeamCancel = (cancel: boolean) => data(cancel ? client.api.team.cancel.$post() : client.api.team.resume.$post());

export function useSetTeamCancel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTeamCancel, onSettled: () => invalidateTeam(queryClient) });
}
