import { useId, useState, type FormEvent } from "react";
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
        <AlertTitle>Your email address has been changed</AlertTitle>
        <AlertDescription>Sign in with your new address from now on. We told your previous address about the change.</AlertDescription>
      </Alert>
    );
  }
  if (params.get("error") === "email_taken") {
    return (
      <Alert variant="destructive">
        <AlertTitle>Your email address was not changed</AlertTitle>
        <AlertDescription>Another account now uses that address.</AlertDescription>
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
      setError(errorText(err, "We couldn't change your email address. Please try again."));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-foreground">{user.email}</span>
          {user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="secondary">Not verified</Badge>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LinkOutcome />
        {sentTo && (
          <Alert role="status">
            <AlertTitle>Check your new inbox</AlertTitle>
            <AlertDescription>
              We sent a link to {sentTo}. Your address changes when you open it (within {VERIFICATION_TTL_HOURS} hours); until then, keep
              using {user.email}.
            </AlertDescription>
          </Alert>
        )}
        {user.emailVerified ? (
          <form onSubmit={onSubmit} className="grid gap-4" aria-label="Change email">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>New email address</Label>
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
                <Label htmlFor={`${id}-password`}>Current password</Label>
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
              <p className="text-xs text-muted-foreground">
                You sign in with Google: this works within {RECENT_GOOGLE_SIGNIN_MINUTES} minutes of a Google sign-in.
              </p>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? "Sending..." : "Change email"}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Verify your current address (see the banner above) before changing it.</p>
        )}
      </CardContent>
    </Card>
  );
}
