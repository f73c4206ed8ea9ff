import { useId, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { AlertCircle } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";
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

  if (pending.isPending) return <Spinner label={m.auth_loading_google()} />;
  const who = pending.data?.pending;
  if (!who) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{m.auth_google_expired()}</AlertTitle>
        <AlertDescription className="grid justify-items-start gap-3">
          <span>{m.auth_google_again()}</span>
          <Button size="sm" variant="outline" onClick={() => navigate(paths.signUp, { replace: true })}>
            {m.auth_back_to_sign_up()}
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
      onError: (err) => setError(errorText(err, m.auth_please_try_again())),
    });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.auth_google_form()}>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{m.auth_create_your_account()}</h2>
        <p className="text-sm text-muted-foreground">
          {rich(m.auth_no_account_for, { email: <strong className="break-all text-foreground">{who.email}</strong> })}
        </p>
      </div>
      <TermsConfirmation id={`${id}-terms`} checked={accepted} onChange={setAccepted} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!accepted || confirm.isPending} className="w-full">
        {confirm.isPending ? m.auth_creating_account() : m.auth_create_account()}
      </Button>
      <Button type="button" variant="link" onClick={() => navigate(paths.auth, { replace: true })}>
        {m.auth_use_another_account()}
      </Button>
    </form>
  );
}
