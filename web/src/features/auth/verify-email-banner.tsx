import { useEffect } from "react";
import { MailWarning } from "lucide-react";
import { errorMessage } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { CREDITS_REFETCH_BANNER_MS, FREE_GENERATIONS } from "@/lib/domain";
import { useCredits } from "@/shared/api/get-credits";
import { useAuth } from "@/shared/auth/auth-context";
import { useResendVerification } from "./api/resend-verification";

/** Unverified users see this until the (10 s) credits poll reports the email as verified. */
export function VerifyEmailBanner() {
  const { user, reloadUser } = useAuth();
  const { data: credits } = useCredits(CREDITS_REFETCH_BANNER_MS);
  const resendVerification = useResendVerification();
  const sending = resendVerification.isPending;
  const verified = credits ? credits.isVerified : Boolean(user?.emailVerified);

  useEffect(() => {
    if (credits?.isVerified && user && !user.emailVerified) void reloadUser();
  }, [credits?.isVerified, user, reloadUser]);

  if (!user || verified) return null;

  async function resend() {
    if (!user?.email) {
      toast({ variant: "destructive", title: "Failed to Resend", description: "No email found for current user" });
      return;
    }
    try {
      await resendVerification.mutateAsync();
      toast({ title: "Verification Email Sent", description: "Please check your inbox and spam folder" });
    } catch (err) {
      toast({ variant: "destructive", title: "Failed to Resend", description: errorMessage(err, "Please try again later.") });
    }
  }

  return (
    <Alert variant="warning" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" role="region" aria-label="Verify your email address">
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div>
          <AlertTitle>Verify your email address</AlertTitle>
          <AlertDescription>
            We sent a link to <strong className="break-all">{user.email}</strong>. Verify it to receive{" "}
            {FREE_GENERATIONS} free generations.
          </AlertDescription>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={resend} disabled={sending} className="shrink-0 bg-white sm:ml-4">
        {sending ? "Sending..." : "Resend verification email"}
      </Button>
    </Alert>
  );
}
