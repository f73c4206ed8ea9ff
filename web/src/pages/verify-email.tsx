import { useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { VerifyAddressForm } from "@/features/auth/verify-address-form";
import { paths, safeNext } from "@/lib/paths";

/**
 * /auth/verify?token=…[&next=…]: a verification link opened on another device or browser than the one that
 * signed up (worker/auth/routes.ts GET /verify, decision 325). The page says why it asks: whoever signed up
 * with this address set a password; typing it proves that person opened the link, so every device they use
 * stays signed in. Someone who did not sign up (or forgot it) chooses a new password, which ends the old one.
 */
export function VerifyEmailPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get("token");
  return (
    <AuthCardLayout
      title="Verify your email"
      heading="Confirm it's you"
      description={
        <>
          This link was opened on a different device or browser from the one used to sign up. To finish verifying your email, enter the
          password you chose when you signed up: you stay signed in on your other devices too.
        </>
      }
    >
      {token ? (
        <VerifyAddressForm token={token} next={safeNext(params.get("next"))} />
      ) : (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>This link is incomplete</AlertTitle>
          <AlertDescription>
            Please open the link from the email again, or{" "}
            <a href={paths.auth} className="underline underline-offset-2">
              sign in
            </a>{" "}
            and send a new one.
          </AlertDescription>
        </Alert>
      )}
    </AuthCardLayout>
  );
}
