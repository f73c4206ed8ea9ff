/** POST /api/team/leave — a member leaves their team. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const leaveTeam = () => data(client.api.team.leave.$post());

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveTeam, onSettled: () => invalidateTeam(queryClient) });
}
