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
import { m } from "@/lib/copy";
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
      toast({ title: m.team_verification_sent(), description: m.team_verification_sent_body() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_resend_failed(), description: errorText(err, m.common_please_try_again_later()) });
    }
  }

  return (
    <JoinPage
      back={back}
      loading={link.isLoading}
      teamName={link.data?.teamName ?? null}
      invalid={{
        title: m.team_capture_invalid_title(),
        description: m.team_capture_invalid_body(),
      }}
      forWhom={m.team_capture_for({ domains: at })}
      signedOut={m.team_capture_signed_out()}
      wrongAddress={(mine) => (domainAllowed(mine, domains) ? null : m.team_capture_wrong_address({ mine, domains: at }))}
      before={
        user && !user.emailVerified ? (
          <div className="grid gap-2" role="status">
            <p className="text-sm">{m.team_capture_confirm_first({ email: user.email })}</p>
            <div>
              <Button variant="outline" onClick={() => void onResend()} disabled={resend.isPending}>
                {m.team_capture_resend()}
              </Button>
            </div>
          </div>
        ) : undefined
      }
      join={{ run: () => join.mutateAsync(token), pending: join.isPending }}
    />
  );
}
