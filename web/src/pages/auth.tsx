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

/** Readable text for the ?error= flags the OAuth callback sends back. */
export const AUTH_ERROR_MESSAGES: Record<string, { title: string; text: string }> = {
  verification_expired: {
    title: "This verification link has expired",
    text: `Links are valid for ${VERIFICATION_TTL_HOURS} hours. Sign in and choose Resend in the banner to get a new one.`,
  },
  verification_invalid: {
    title: "This verification link can't be used",
    text: "It was already used or is incomplete. Sign in to see whether your email is verified, or send a new link from the banner.",
  },
  oauth_error: {
    title: "Google sign-in didn't complete",
    text: "We couldn't sign you in with Google. Please try again, or use your email and password.",
  },
  signup_throttled: {
    title: "Too many sign-ups",
    text: "Too many sign-up attempts. Please wait a moment and try again.",
  },
  terms_required: {
    title: "Please confirm your age and accept the terms",
    text: `There is no account for this Google address yet. To create one, confirm below that you are ${MINIMUM_AGE} or older and accept the Terms of Service, then continue with Google again.`,
  },
  unexpected_error: {
    title: "Something went wrong",
    text: "An unexpected error interrupted signing in. Please try again.",
  },
};

export function AuthPage() {
  const { status, user } = useAuth();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const flag = params.get("error");
  const error = flag ? (AUTH_ERROR_MESSAGES[flag] ?? AUTH_ERROR_MESSAGES.unexpected_error) : null;
  const style = params.get("style");
  const confirmGoogle = params.get("google") === "confirm";
  // an audience page's style, kept for the dashboard through sign-up or the Google round trip
  useEffect(() => rememberStyle(style), [style]);

  if (status === "loading") return <PageSpinner />;
  if (user) return <Redirect to={safeNext(params.get("next")) ?? paths.dashboard} replace />;

  return (
    <AuthCardLayout heading="Welcome to Headshot Studio" description="Sign in or create an account to generate your headshot.">
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
