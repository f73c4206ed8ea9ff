import { Redirect, useSearch } from "wouter";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Logo } from "@/components/layout/logo";
import { AuthTabs } from "@/features/auth/auth-form";
import { useAuth } from "@/shared/auth/auth-context";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";

/** Readable text for the ?error= flags the OAuth callback sends back. */
export const AUTH_ERROR_MESSAGES: Record<string, { title: string; text: string }> = {
  verification_expired: {
    title: "This verification link has expired",
    text: "Links are valid for 24 hours. Sign in and choose Resend in the banner to get a new one.",
  },
  verification_invalid: {
    title: "This verification link can't be used",
    text: "It was already used or is incomplete. Sign in to see whether your email is verified, or send a new link from the banner.",
  },
  oauth_error: {
    title: "Google sign-in didn't complete",
    text: "We couldn't sign you in with Google. Please try again, or use your email and password.",
  },
  terms_required: {
    title: "Please confirm your age and accept the terms",
    text: "There is no account for this Google address yet. To create one, confirm below that you are 13 or older and accept the Terms of Service, then continue with Google again.",
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

  if (status === "loading") return <PageSpinner />;
  if (user) return <Redirect to={paths.dashboard} replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <PageTitle>Sign In</PageTitle>
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold leading-tight tracking-tight">Welcome to Headshot Studio</h1>
            <CardDescription>Sign in or create an account to generate your headshot.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {error && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>{error.title}</AlertTitle>
                <AlertDescription>{error.text}</AlertDescription>
              </Alert>
            )}
            <AuthTabs defaultTab={params.get("tab") === "signup" ? "signup" : "login"} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
