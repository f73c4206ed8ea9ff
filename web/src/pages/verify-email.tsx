import { useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { VerifyAddressForm } from "@/features/auth/verify-address-form";
import { paths, safeNext } from "@/lib/paths";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";

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
    <AuthCardLayout title={m.auth_verify_title()} heading={m.auth_verify_heading()} description={m.auth_verify_text()}>
      {token ? (
        <VerifyAddressForm token={token} next={safeNext(params.get("next"))} />
      ) : (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{m.auth_link_incomplete()}</AlertTitle>
          <AlertDescription>
            {rich(m.auth_open_again_or_sign_in, {
              link: (
                <a href={paths.auth} className="underline underline-offset-2">
                  {m.auth_sign_in_lower()}
                </a>
              ),
            })}
          </AlertDescription>
        </Alert>
      )}
    </AuthCardLayout>
  );
}
