/** PATCH /api/team — the team's name, brand look (style and background colour), outfit rule and profile-picture template. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { Outfit, ProfileTemplate, StyleId } from "@/lib/domain";
import { invalidateTeam } from "./invalidate";

export interface TeamChange {
  name?: string;
  style?: StyleId;
  brandColor?: string;
  /** The outfit rule (null: the style's own clothing). */
  outfit?: Outfit | null;
  /** The profile-picture template (null: none). */
  template?: ProfileTemplate | null;
}

export const updateTeam = (change: TeamChange) => data(client.api.team.$patch({ json: change }));

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTeam, onSettled: () => invalidateTeam(queryClient) });
}
