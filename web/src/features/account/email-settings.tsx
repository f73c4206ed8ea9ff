import { useId, useState, type FormEvent } from "react";
import { m } from "@/lib/copy";
import { useSearch } from "wouter";
import { errorText } from "@/api/client";
import { RECENT_GOOGLE_SIGNIN_MINUTES, VERIFICATION_TTL_HOURS } from "@/lib/domain";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAuth } from "@/shared/auth/auth-context";
import { useAccountSecurity } from "./api/account-security";
import { useChangeEmail } from "./api/change-email";

/** What the confirmation link reports back (GET /api/auth/verify redirects to /account?…). */
function LinkOutcome() {
  const params = new URLSearchParams(useSearch());
  if (params.get("email") === "changed") {
    return (
      <Alert role="status">
        <AlertTitle>{m.account_email_changed_title()}</AlertTitle>
        <AlertDescription>{m.account_email_changed_text()}</AlertDescription>
      </Alert>
    );
  }
  if (params.get("error") === "email_taken") {
    return (
      <Alert variant="destructive">
        <AlertTitle>{m.account_email_not_changed_title()}</AlertTitle>
        <AlertDescription>{m.account_email_taken()}</AlertDescription>
      </Alert>
    );
  }
  return null;
}

/**
 * The account's address and changing it: the new address gets a link, and only that link moves the
 * account (the old address is told). Confirmed with the password, or a recent Google sign-in.
 */
export function EmailSettings() {
  const { user } = useAuth();
  const security = useAccountSecurity();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!user) return null;
  const hasPassword = security.data?.hasPassword ?? true;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const { newEmail: to } = await change.mutateAsync({ newEmail: newEmail.trim(), ...(hasPassword ? { password } : {}) });
      setSentTo(to);
      setNewEmail("");
      setPassword("");
    } catch (err) {
      setError(errorText(err, m.account_email_failed()));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.account_email_title()}</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-foreground">{user.email}</span>
          {user.emailVerified ? (
            <Badge variant="success">{m.account_verified()}</Badge>
          ) : (
            <Badge variant="secondary">{m.account_not_verified()}</Badge>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LinkOutcome />
        {sentTo && (
          <Alert role="status">
            <AlertTitle>{m.account_check_new_inbox()}</AlertTitle>
            <AlertDescription>
              {m.account_email_sent_text({ newEmail: sentTo, hours: VERIFICATION_TTL_HOURS, email: user.email })}
            </AlertDescription>
          </Alert>
        )}
        {user.emailVerified ? (
          <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.account_email_form()}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>{m.account_new_email()}</Label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                value={newEmail}
                onChange={(e) => setNewEmail(e.target.value)}
              />
            </div>
            {hasPassword ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-password`}>{m.account_current_password()}</Label>
                <Input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
            ) : (
              <p className="text-xs text-muted-foreground">{m.account_google_recent({ minutes: RECENT_GOOGLE_SIGNIN_MINUTES })}</p>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? m.account_sending() : m.account_change_email()}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">{m.account_verify_before_change()}</p>
        )}
      </CardContent>
    </Card>
  );
}
