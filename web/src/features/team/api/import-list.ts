/** POST /api/team/import/preview and /api/team/import (issue 37): what a list would do, then (confirmed) the invitations. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const previewList = (csv: string) => data(client.api.team.import.preview.$post({ json: { csv } }));
export const importList = (csv: string) => data(client.api.team.import.$post({ json: { csv } }));

export const usePreviewList = () => useMutation({ mutationFn: previewList });

export function useImportList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importList, onSettled: () => invalidateTeam(queryClient) });
}
