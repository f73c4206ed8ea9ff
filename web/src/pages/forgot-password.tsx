import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { ForgotPasswordForm } from "@/features/auth/forgot-password-form";
import { paths } from "@/lib/paths";

/** /auth/forgot: asks for a password reset link by email. */
export function ForgotPasswordPage() {
  return (
    <AuthCardLayout
      title="Forgot password"
      heading="Forgot your password?"
      description="Enter your email and we'll send you a link to choose a new one."
    >
      <ForgotPasswordForm />
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <a href={paths.auth} className="font-medium text-foreground underline underline-offset-2">
          Back to sign in
        </a>
      </p>
    </AuthCardLayout>
  );
}
