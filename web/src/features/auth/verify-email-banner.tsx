import { useEffect, useRef } from "react";
import { MailWarning } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToastsBelow } from "@/components/ui/toast";
import { toast } from "@/components/ui/use-toast";
import { CREDITS_REFETCH_BANNER_MS, FREE_GENERATIONS } from "@/lib/domain";
import { m } from "@/lib/copy";
import { seatFairUse } from "@/shared/billing/plan-words";
import { rich } from "@/shared/words/rich";
import { useCredits } from "@/shared/api/get-credits";
import { useAuth } from "@/shared/auth/auth-context";
import { useResendVerification } from "./api/resend-verification";

/** The resend button's action. */
function useResend(email: string) {
  const resendVerification = useResendVerification();
  async function resend() {
    if (!email) {
      toast({ variant: "destructive", title: m.auth_resend_failed(), description: m.auth_no_email() });
      return;
    }
    try {
      await resendVerification.mutateAsync();
      toast({ title: m.auth_verification_sent(), description: m.auth_check_inbox() });
    } catch (err) {
      toast({ variant: "destructive", title: m.auth_resend_failed(), description: errorText(err, m.auth_try_again_later()) });
    }
  }
  return { resend, sending: resendVerification.isPending };
}

/**
 * An address that may wrap at 390 px: at its "@" and dots (`<wbr>`), never in the middle of a word unless a
 * single part is wider than the line (issue 35).
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <strong className="break-words" data-testid="email-address">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </strong>
  );
}

/** The signed-in person while their email is not verified (the 10 s credits poll tells when it is), else null. */
function useUnverifiedUser() {
  const { user } = useAuth();
  const { data: credits } = useCredits(CREDITS_REFETCH_BANNER_MS);
  const verified = credits ? credits.isVerified : Boolean(user?.emailVerified);
  return user && !verified ? user : null;
}

/** Unverified users see this until the (10 s) credits poll reports the email as verified. */
export function VerifyEmailBanner() {
  const { user, reloadUser } = useAuth();
  const { data: credits } = useCredits(CREDITS_REFETCH_BANNER_MS);
  const unverified = useUnverifiedUser();

  useEffect(() => {
    if (credits?.isVerified && user && !user.emailVerified) void reloadUser();
  }, [credits?.isVerified, user, reloadUser]);

  if (!unverified) return null;
  return <Banner email={unverified.email} teamSeat={credits?.teamSeat ?? false} />;
}

/** The banner itself: mounted only while shown, so the toasts step below it only then. */
function Banner({ email, teamSeat }: { email: string; teamSeat: boolean }) {
  const { resend, sending } = useResend(email);
  const ref = useRef<HTMLDivElement>(null);
  useToastsBelow(ref);

  return (
    <Alert
      ref={ref}
      variant="warning"
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      role="region"
      aria-label={m.auth_verify_address_title()}
    >
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div>
          <AlertTitle>{m.auth_verify_address_title()}</AlertTitle>
          <AlertDescription>
            {rich(m.auth_sent_link_to, { email: <EmailAddress email={email} /> })}{" "}
            {teamSeat ? m.auth_verify_for_seat({ caps: seatFairUse() }) : m.auth_verify_for_free({ count: FREE_GENERATIONS })}
          </AlertDescription>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={resend} disabled={sending} className="shrink-0 bg-white sm:ml-4">
        {sending ? m.auth_sending() : m.auth_resend_verification()}
      </Button>
    </Alert>
  );
}

/**
 * The wizard's first step tells an unverified person now, not at the final click, that generating
 * needs a verified email (issue 23). The banner above has the address and the one resend button (a
 * second one here said the same twice, issue 35).
 */
export function VerifyBeforeGenerating() {
  const unverified = useUnverifiedUser();
  if (!unverified) return null;
  return (
    <Alert variant="warning" role="region" aria-label={m.auth_verify_to_generate()}>
      <MailWarning aria-hidden="true" />
      <AlertTitle>{m.auth_verify_to_generate()}</AlertTitle>
      <AlertDescription>{m.auth_verify_to_generate_text({ count: FREE_GENERATIONS })}</AlertDescription>
    </Alert>
  );
}
