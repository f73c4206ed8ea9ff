/** GET /api/team/seats-preview?seats — what adding seats charges now (Stripe's invoice preview of that change). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getSeatsPreview = (seats: number) => data(client.api.team["seats-preview"].$get({ query: { seats: String(seats) } }));

export const seatsPreviewQuery = (seats: number) =>
  queryOptions({ queryKey: ["/api/team/seats-preview", seats], queryFn: () => getSeatsPreview(seats), staleTime: 0, gcTime: 0 });

/** The preview for the seats being added (none while no addition is pending). */
export function useSeatsPreview(seats: number | null) {
  return useQuery({ ...seatsPreviewQuery(seats ?? 0), enabled: seats !== null });
}
