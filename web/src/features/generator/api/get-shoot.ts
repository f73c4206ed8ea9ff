/** GET /api/shoots/{id} — polled every 2 s until every picture is finished (asking counts as watching, decision 131). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { STATUS_POLL_MS } from "@/lib/domain";

export const getShoot = (id: string) => data(client.api.shoots[":id"].$get({ param: { id } }));

export type Shoot = Awaited<ReturnType<typeof getShoot>>;

export const shootQuery = (id: string) =>
  queryOptions({
    queryKey: [`/api/shoots/${id}`],
    queryFn: () => getShoot(id),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.done ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

/** PATCH /api/shoots/{id} {emailWhenReady}: the processing screen's switch. */
export function useEmailWhenReady(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailWhenReady: boolean) => data(client.api.shoots[":id"].$patch({ param: { id }, json: { emailWhenReady } })),
    onSuccess: (shoot) => queryClient.setQueryData(shootQuery(id).queryKey, shoot),
  });
}
