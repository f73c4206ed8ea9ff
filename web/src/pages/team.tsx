import { AppShell } from "./app-shell";
import { TeamOverview } from "@/features/team/team-overview";
import { JoinTeam } from "@/features/team/join-team";

/** /team (issue 25): create a team, or run it as its owner, or see it as a member. */
export function TeamPage() {
  return (
    <AppShell title="Team" section="team">
      <TeamOverview />
    </AppShell>
  );
}

/** /team/join?token=… — an invitation link; public, since the invited person may not have an account yet. */
export function JoinTeamPage() {
  return (
    <main id="main" className="mx-auto grid min-h-dvh w-full max-w-6xl content-center px-4 py-10">
      <JoinTeam />
    </main>
  );
}
