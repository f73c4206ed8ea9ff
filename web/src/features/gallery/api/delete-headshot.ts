/** DELETE /api/headshots/{id} — deletes one headshot with its photos and downloads; the gallery refreshes. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { headshotsQuery } from "@/shared/api/get-headshots";

export function deleteHeadshot(id: string) {
  return data(client.api.headshots[":id"].$delete({ param: { id } }));
}

export function useDeleteHeadshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHeadshot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey }),
  });
}
