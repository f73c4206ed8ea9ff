import type { ReactNode } from "react";
import { SiteHeader } from "@/components/layout/site-header";
import { AppShell } from "./app-shell";
import { m } from "@/lib/copy";
import { TeamOverview } from "@/features/team/team-overview";
import { JoinTeam } from "@/features/team/join-team";
import { JoinByLink } from "@/features/team/join-by-link";

/** /team (issue 25): create a team, or run it as its owner, or see it as a member. */
export function TeamPage() {
  return (
    <AppShell title={m.team_page_title()} section="team">
      <TeamOverview />
    </AppShell>
  );
}

/**
 * A team link's page: the site's header (the way home, the account menu with Sign Out; issue 46) above the link's
 * card, so a person signed in with the wrong account is never at a dead end.
 */
function TeamLinkFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 content-center px-4 py-10">
        {children}
      </main>
    </div>
  );
}

/** /team/join?token=… — an invitation link; public, since the invited person may not have an account yet. */
export function JoinTeamPage() {
  return (
    <TeamLinkFrame>
      <JoinTeam />
    </TeamLinkFrame>
  );
}

/** /team/capture?token=… — a team's capture link (issue 37); public, like an invitation link. */
export function JoinByLinkPage() {
  return (
    <TeamLinkFrame>
      <JoinByLink />
    </TeamLinkFrame>
  );
}
