/** After anything that changes a team: the team (seats, members, invitations), its grid, and whatever reads the paid features. */
import type { QueryClient } from "@tanstack/react-query";
import { myTeamQuery } from "@/shared/api/get-my-team";
import { subscriptionQuery } from "@/shared/api/get-subscription";
import { creditsQuery } from "@/shared/api/get-credits";
import { teamGridQuery } from "./get-team-grid";

export function invalidateTeam(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myTeamQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: teamGridQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
  ]);
}
