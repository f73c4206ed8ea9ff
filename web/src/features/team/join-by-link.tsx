/**
 * /team/capture?token=… — a team's capture link (issue 37): shows the team and its domains; once the
 * person is signed in with a verified address at one of them, "Join" takes a seat. Sign-in or sign-up
 * comes back here, and so does the verification mail's link (`next`, decision 326): an unverified address opens
 * it and lands here again, verified, with "Join" ready. The page is ./join-page.tsx.
 */
import { useSearch } from "wouter";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { domainAllowed } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { useCaptureLink, useJoinByLink, useResendVerificationMail } from "./api/join-by-link";
import { JoinPage } from "./join-page";

export function JoinByLink() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user } = useAuth();
  const link = useCaptureLink(token);
  const join = useJoinByLink();
  const resend = useResendVerificationMail();
  const domains = link.data?.domains ?? [];
  const back = `${paths.teamCapture}?token=${encodeURIComponent(token)}`;
  const at = domains.map((d) => `@${d}`).join(", ");

  async function onResend() {
    try {
      await resend.mutateAsync(back);
      toast({ title: "Verification Email Sent", description: "Please check your inbox and spam folder" });
    } catch (err) {
      toast({ variant: "destructive", title: "Failed to Resend", description: errorText(err, "Please try again later.") });
    }
  }

  return (
    <JoinPage
      back={back}
      loading={link.isLoading}
      teamName={link.data?.teamName ?? null}
      invalid={{
        title: "This link doesn't work any more",
        description: "It may have expired, been revoked or be full. Ask the team's owner for a new one.",
      }}
      forWhom={`For work addresses at ${at}.`}
      signedOut="Sign in or create an account with your work address to join."
      wrongAddress={(mine) =>
        domainAllowed(mine, domains)
          ? null
          : `You're signed in as ${mine}. This link is for addresses at ${at}: sign in with your work address to join.`
      }
      before={
        user && !user.emailVerified ? (
          <div className="grid gap-2" role="status">
            <p className="text-sm">
              Please confirm {user.email} first: open the link we emailed you. It brings you back to this page, ready to join.
            </p>
            <div>
              <Button variant="outline" onClick={() => void onResend()} disabled={resend.isPending}>
                Send the email again
              </Button>
            </div>
          </div>
        ) : undefined
      }
      join={{ run: () => join.mutateAsync(token), pending: join.isPending }}
    />
  );
}
