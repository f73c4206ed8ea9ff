/** POST /api/headshots/{id}/generate — takes a free generation (or fair use) and queues the job. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { creditsQuery } from "@/shared/api/get-credits";
import { headshotsQuery } from "@/shared/api/get-headshots";

export function startGeneration(id: string) {
  return data(client.api.headshots[":id"].generate.$post({ param: { id } }));
}

export function useStartGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startGeneration,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey }),
      ]),
  });
}
