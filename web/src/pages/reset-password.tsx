import { useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { ResetPasswordForm } from "@/features/auth/reset-password-form";
import { paths } from "@/lib/paths";

/**
 * /auth/reset?token=…: chooses a new password from a reset link. `&verified=1` comes from a verification
 * link opened away from the browser that signed up: the address is verified and, for the account's
 * safety, a password is chosen again (decision 085).
 */
export function ResetPasswordPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get("token");
  const verified = params.get("verified") === "1";
  return (
    <AuthCardLayout
      title="Choose a new password"
      heading={verified ? "Your email is verified" : "Choose a new password"}
      description={
        verified
          ? "For your account's safety, please choose a password now. Any password set before your email was verified no longer works."
          : "Choose the password you'll sign in with from now on."
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
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
