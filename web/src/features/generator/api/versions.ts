/**
 * Versions of a headshot (issue 36): GET /api/headshots/{id}/versions, POST …/refine, POST …/redo, PUT …/use.
 * Under the headshots key, so whatever refreshes the gallery refreshes the versions too, and a change refreshes both.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { creditsQuery } from "@/shared/api/get-credits";
import { headshotsQuery } from "@/shared/api/get-headshots";

export const versionsQuery = (id: string) =>
  queryOptions({
    queryKey: [...headshotsQuery().queryKey, id, "versions"],
    queryFn: () => data(client.api.headshots[":id"].versions.$get({ param: { id } })),
    retry: false,
  });

export const useVersions = (id: string) => useQuery(versionsQuery(id));

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey }),
    ]);
}

/** A new version from this one, changed as the instruction says. */
export function useRefine() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, instruction }: { id: string; instruction: string }) =>
      data(client.api.headshots[":id"].refine.$post({ param: { id }, json: { instruction } })),
    onSuccess: refresh,
  });
}

/** "Doesn't look like me": a new picture of the same style (free once, decision 202). */
export function useRedo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => data(client.api.headshots[":id"].redo.$post({ param: { id } })),
    onSuccess: refresh,
  });
}

/** "Use this version": the gallery shows it. */
export function useUseVersion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => data(client.api.headshots[":id"].use.$put({ param: { id } })),
    onSuccess: refresh,
  });
}
