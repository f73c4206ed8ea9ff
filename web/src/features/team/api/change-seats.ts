/** POST /api/team/seats — more seats now (prorated charge), fewer at the period end. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const changeSeats = (seats: number) => data(client.api.team.seats.$post({ json: { seats } }));

export function useChangeSeats() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSeats, onSettled: () => invalidateTeam(queryClient) });
}
