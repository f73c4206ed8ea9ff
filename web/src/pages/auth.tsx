import { useEffect } from "react";
import { Redirect, useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { AuthCardLayout } from "@/components/layout/auth-card-layout";
import { AuthTabs } from "@/features/auth/auth-form";
import { GoogleConfirm } from "@/features/auth/google-confirm";
import { rememberStyle } from "@/shared/auth/pending-style";
import { useAuth } from "@/shared/auth/auth-context";
import { paths, safeNext } from "@/lib/paths";
import { MINIMUM_AGE, VERIFICATION_TTL_HOURS } from "@/lib/domain";
import { m } from "@/lib/copy";

/** Readable text for the ?error= flags the OAuth callback sends back, in the page's language. */
export const AUTH_ERROR_MESSAGES: Record<string, () => { title: string; text: string }> = {
  verification_expired: () => ({
    title: m.auth_error_verification_expired_title(),
    text: m.auth_error_verification_expired_text({ hours: VERIFICATION_TTL_HOURS }),
  }),
  verification_invalid: () => ({
    title: m.auth_error_verification_invalid_title(),
    text: m.auth_error_verification_invalid_text(),
  }),
  oauth_error: () => ({ title: m.auth_error_oauth_title(), text: m.auth_error_oauth_text() }),
  signup_throttled: () => ({ title: m.auth_error_signup_throttled_title(), text: m.auth_error_signup_throttled_text() }),
  terms_required: () => ({
    title: m.auth_error_terms_required_title(),
    text: m.auth_error_terms_required_text({ age: MINIMUM_AGE }),
  }),
  unexpected_error: () => ({ title: m.auth_error_unexpected_title(), text: m.auth_error_unexpected_text() }),
};

export function AuthPage() {
  const { status, user } = useAuth();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const flag = params.get("error");
  const error = flag ? (AUTH_ERROR_MESSAGES[flag] ?? AUTH_ERROR_MESSAGES.unexpected_error!)() : null;
  const style = params.get("style");
  const confirmGoogle = params.get("google") === "confirm";
  // an audience page's style, kept for the dashboard through sign-up or the Google round trip
  useEffect(() => rememberStyle(style), [style]);

  if (status === "loading") return <PageSpinner />;
  if (user) return <Redirect to={safeNext(params.get("next")) ?? paths.dashboard} replace />;

  return (
    <AuthCardLayout heading={m.auth_welcome_heading()} description={m.auth_welcome_text()}>
      {error && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{error.title}</AlertTitle>
          <AlertDescription>{error.text}</AlertDescription>
        </Alert>
      )}
      {confirmGoogle ? <GoogleConfirm /> : <AuthTabs defaultTab={params.get("tab") === "signup" ? "signup" : "login"} />}
    </AuthCardLayout>
  );
}
