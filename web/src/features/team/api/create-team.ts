/** POST /api/team — creates a team owned (and joined) by the caller. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const createTeam = (name: string) => data(client.api.team.$post({ json: { name } }));

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSettled: () => invalidateTeam(queryClient) });
}
