/** GET /api/headshots/{id}/status — polled every 2 s (SPEC §4) until the headshot is finished. */
import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { STATUS_POLL_MS, isFinished } from "@/lib/domain";

export async function getStatus(id: string) {
  try {
    return await data(client.api.headshots[":id"].status.$get({ param: { id } }));
  } catch (err) {
    console.error("Failed to fetch status", err); // SPEC §7: polling errors are only logged
    throw err;
  }
}

export const statusQuery = (id: string) =>
  queryOptions({
    queryKey: [`/api/headshots/${id}/status`], // not under ["/api/headshots"], which the list invalidates
    queryFn: () => getStatus(id),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
