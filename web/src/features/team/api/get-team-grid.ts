/** GET /api/team/grid — the owner's grid: each member's chosen photo (results only). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getTeamGrid = () => data(client.api.team.grid.$get());

export const teamGridQuery = () => queryOptions({ queryKey: ["/api/team/grid"], queryFn: getTeamGrid });

export function useTeamGrid(enabled: boolean) {
  return useQuery({ ...teamGridQuery(), enabled });
}
