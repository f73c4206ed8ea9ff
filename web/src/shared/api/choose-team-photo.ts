/** PUT /api/team/photo — the caller's team photo: one of their own finished headshots (or null to clear it). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { myTeamQuery } from "./get-my-team";

export const chooseTeamPhoto = (headshotId: string | null) => data(client.api.team.photo.$put({ json: { headshotId } }));

export function useChooseTeamPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseTeamPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTeamQuery().queryKey }),
  });
}
