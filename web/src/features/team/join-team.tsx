/**
 * /team/join?token=… — the invitation link: shows the team and the invited address, and joins once the
 * person is signed in with that address (sign-in or sign-up comes back here). The page is ./join-page.tsx.
 */
import { useSearch } from "wouter";
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
        title: "This invitation link doesn't work any more",
        description: "It may have been used, revoked or have expired. Ask the team's owner to send you a new one.",
      }}
      forWhom={`This invitation is for ${email}.`}
      signedOut={`Sign in or create an account with ${email} to accept.`}
      wrongAddress={(mine) =>
        mine.toLowerCase() === email ? null : `You're signed in as ${mine}. Sign in with ${email} to accept this invitation.`
      }
      join={{ run: () => accept.mutateAsync(token), pending: accept.isPending }}
    />
  );
}
