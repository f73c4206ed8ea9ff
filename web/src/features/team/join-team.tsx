/**
 * /team/join?token=… — the invitation link: shows the team and the invited address, and joins once the
 * person is signed in with that address (sign-in or sign-up comes back here). The page is ./join-page.tsx.
 */
import { useSearch } from "wouter";
import { m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { useAcceptInvitation } from "./api/accept-invitation";
import { useInvitation } from "./api/get-invitation";
import { JoinPage } from "./join-page";

export function JoinTeam() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const email = invitation.data?.email ?? "";
  return (
    <JoinPage
      back={`${paths.teamJoin}?token=${encodeURIComponent(token)}`}
      loading={invitation.isLoading}
      teamName={invitation.data?.teamName ?? null}
      invalid={{
        title: m.team_invitation_invalid_title(),
        description: m.team_invitation_invalid_body(),
      }}
      forWhom={m.team_invitation_for({ email })}
      signedOut={m.team_invitation_signed_out({ email })}
      wrongAddress={(mine) => (mine.toLowerCase() === email ? null : m.team_invitation_wrong_address({ mine, email }))}
      join={{ run: () => accept.mutateAsync(token), pending: accept.isPending }}
    />
  );
}
