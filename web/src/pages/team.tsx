import { AppShell } from "./app-shell";
import { TeamOverview } from "@/features/team/team-overview";
import { JoinTeam } from "@/features/team/join-team";
import { JoinByLink } from "@/features/team/join-by-link";

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

/** /team/capture?token=… — a team's capture link (issue 37); public, like an invitation link. */
export function JoinByLinkPage() {
  return (
    <main id="main" className="mx-auto grid min-h-dvh w-full max-w-6xl content-center px-4 py-10">
      <JoinByLink />
    </main>
  );
}
