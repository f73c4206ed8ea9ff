/** GET /api/team — the caller's team as the owner or a member sees it, or null (issue 25). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { ApiMyTeam } from "@/lib/domain";
import { useAuth } from "@/shared/auth/auth-context";

export const getMyTeam = () => data(client.api.team.$get());

export const myTeamQuery = () => queryOptions({ queryKey: ["/api/team"], queryFn: getMyTeam });

export function useMyTeam() {
  const { user } = useAuth();
  return useQuery({ ...myTeamQuery(), enabled: Boolean(user) });
}

/** A seat in a team whose subscription grants the paid features now (the worker's allowance says the same). */
export function hasPaidTeamSeat(team: ApiMyTeam | null | undefined): boolean {
  if (!team) return false;
  return team.role === "owner" ? (team.subscription?.entitled ?? false) : team.entitled;
}

/** The team whose Team plan covers the caller (decision 212: /account and /pricing sell them no plan of their own), or null. */
export function teamCoverOf(team: ApiMyTeam | null | undefined): { teamName: string; role: ApiMyTeam["role"] } | null {
  return team?.covered ? { teamName: team.team.name, role: team.role } : null;
}
