import { useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { ResetPasswordForm } from "@/features/auth/reset-password-form";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";

/** Why a verification link ended on this page: the description under "Your email is verified". */
const VERIFIED_WHY: Record<string, () => string> = {
  "1": m.auth_why_verified,
  operator: m.auth_why_operator,
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
  const why = VERIFIED_WHY[params.get("verified") ?? ""]?.();
  return (
    <AuthCardLayout
      title={m.auth_choose_new_password()}
      heading={why ? m.auth_email_verified_heading() : m.auth_choose_new_password()}
      description={why ?? m.auth_choose_new_password_text()}
    >
      {token ? (
        <ResetPasswordForm token={token} next={params.get("verified") === "operator" ? paths.admin : undefined} />
      ) : (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{m.auth_link_incomplete()}</AlertTitle>
          <AlertDescription>
            {rich(m.auth_open_again_or_ask, {
              link: (
                <a href={paths.authForgot} className="underline underline-offset-2">
                  {m.auth_ask_for_new_one()}
                </a>
              ),
            })}
          </AlertDescription>
        </Alert>
      )}
    </AuthCardLayout>
  );
}
