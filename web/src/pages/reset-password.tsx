import { useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { ResetPasswordForm } from "@/features/auth/reset-password-form";
import { paths } from "@/lib/paths";

/** Why a verification link ended on this page: the description under "Your email is verified". */
const VERIFIED_WHY: Record<string, string> = {
  "1": "For your account's safety, please choose a password now. Any password set before your email was verified no longer works.",
  operator:
    "This is the operator's address, which opens the admin dashboard. Operator rights need a password chosen after the address is proved, so that nobody who signed up with it before you keeps them: choose yours now. The password you signed up with no longer works.",
};

/**
 * /auth/reset?token=…: chooses a new password from a reset link. `&verified=1` comes from a verification
 * link opened away from the browser that signed up: the address is verified and, for the account's
 * safety, a password is chosen again (decision 085). `&verified=operator`: the operator's address, which
 * always chooses its password again after the proof (issue 35: the page says why).
 */
export function ResetPasswordPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get("token");
  const why = VERIFIED_WHY[params.get("verified") ?? ""];
  return (
    <AuthCardLayout
      title="Choose a new password"
      heading={why ? "Your email is verified" : "Choose a new password"}
      description={why ?? "Choose the password you'll sign in with from now on."}
    >
      {token ? (
        <ResetPasswordForm token={token} next={params.get("verified") === "operator" ? paths.admin : undefined} />
      ) : (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>This link is incomplete</AlertTitle>
          <AlertDescription>
            Please open the link from the email again, or{" "}
            <a href={paths.authForgot} className="underline underline-offset-2">
              ask for a new one
            </a>
            .
          </AlertDescription>
        </Alert>
      )}
    </AuthCardLayout>
  );
}
