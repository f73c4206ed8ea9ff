/** PATCH /api/team — the team's name and brand look (style and background colour). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { StyleId } from "@/lib/domain";
import { invalidateTeam } from "./invalidate";

export interface TeamChange {
  name?: string;
  style?: StyleId;
  brandColor?: string;
}

export const updateTeam = (change: TeamChange) => data(client.api.team.$patch({ json: change }));

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeam, onSettled: () => invalidateTeam(queryClient) });
}
