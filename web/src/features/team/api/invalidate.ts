/** After anything that changes a team: the team (seats, members, invitations), its grid, status and links, and whatever reads the paid features. */
import type { QueryClient } from "@tanstack/react-query";
import { myTeamQuery } from "@/shared/api/get-my-team";
import { subscriptionQuery } from "@/shared/api/get-subscription";
import { creditsQuery } from "@/shared/api/get-credits";
import { captureLinksQuery } from "./get-capture-links";
import { teamGridQuery } from "./get-team-grid";
import { teamStatusQuery } from "./team-status";

export function invalidateTeam(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myTeamQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: teamGridQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: teamStatusQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: captureLinksQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
  ]);
}
