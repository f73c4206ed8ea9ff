import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { ForgotPasswordForm } from "@/features/auth/forgot-password-form";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";

/** /auth/forgot: asks for a password reset link by email. */
export function ForgotPasswordPage() {
  return (
    <AuthCardLayout title={m.auth_forgot_title()} heading={m.auth_forgot_heading()} description={m.auth_forgot_text()}>
      <ForgotPasswordForm />
      <p className="text-center text-sm text-muted-foreground">
        {rich(m.auth_remembered_it, {
          link: (
            <a href={paths.auth} className="font-medium text-foreground underline underline-offset-2">
              {m.auth_back_to_sign_in()}
            </a>
          ),
        })}
      </p>
    </AuthCardLayout>
  );
}
