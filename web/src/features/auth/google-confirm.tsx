import { useId, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { AlertCircle } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { TermsConfirmation } from "./auth-form";
import { useConfirmGoogle, useGooglePending } from "./api/google-pending";

/**
 * A new person chose Google from the Sign In tab: Google said who they are, and the account waits for the
 * age and terms confirmation, here on the same screen instead of another trip to Google (decision 104).
 */
export function GoogleConfirm() {
  const pending = useGooglePending(true);
  const confirm = useConfirmGoogle();
  const [, navigate] = useLocation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  if (pending.isPending) return <Spinner label="Loading your Google sign-in" />;
  const who = pending.data?.pending;
  if (!who) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Your Google sign-in has expired</AlertTitle>
        <AlertDescription className="grid justify-items-start gap-3">
          <span>Please continue with Google again.</span>
          <Button size="sm" variant="outline" onClick={() => navigate(paths.signUp, { replace: true })}>
            Back to sign up
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!accepted) return;
    setError(null);
    confirm.mutate(undefined, {
      // the callback page loads the new session and counts the registration (SPEC §4)
      onSuccess: (r) => navigate(r.registered ? `${paths.oauthCallback}?registered=1` : paths.oauthCallback, { replace: true }),
      onError: (err) => setError(errorText(err, "Please try again.")),
    });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Create your account with Google">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Create your account</h2>
        <p className="text-sm text-muted-foreground">
          There is no Headshot Studio account for <strong className="break-all text-foreground">{who.email}</strong> yet. Confirm below to
          create one with this Google account.
        </p>
      </div>
      <TermsConfirmation id={`${id}-terms`} checked={accepted} onChange={setAccepted} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!accepted || confirm.isPending} className="w-full">
        {confirm.isPending ? "Creating account..." : "Create account"}
      </Button>
      <Button type="button" variant="link" onClick={() => navigate(paths.auth, { replace: true })}>
        Use another account
      </Button>
    </form>
  );
}
