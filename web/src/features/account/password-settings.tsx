import { useState } from "react";
import { m } from "@/lib/copy";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/domain";
import { useAuth } from "@/shared/auth/auth-context";
import { useForgotPassword } from "@/shared/auth/api/forgot-password";
import { NewPasswordFields, useNewPasswordForm } from "@/shared/auth/password-fields";
import { useAccountSecurity } from "./api/account-security";
import { useChangePassword } from "./api/change-password";

/** Changing the password needs the current one; every other device is signed out. */
function ChangePasswordForm() {
  const [current, setCurrent] = useState("");
  const change = useChangePassword();
  const form = useNewPasswordForm(async (newPassword) => {
    await change.mutateAsync({ currentPassword: current, newPassword });
    setCurrent("");
    form.empty();
    toast({ title: m.account_password_changed(), description: m.account_password_changed_text() });
  }, m.account_password_failed());
  const { id } = form.fields;

  return (
    <form onSubmit={form.onSubmit} className="grid gap-4" aria-label={m.account_password_form()}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-current`}>{m.account_current_password()}</Label>
        <Input
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </div>
      <NewPasswordFields {...form.fields} />
      {form.error && (
        <p role="alert" className="text-sm text-destructive">
          {form.error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={change.isPending || !form.ready}>
          {change.isPending ? m.account_saving() : m.account_change_password()}
        </Button>
      </div>
    </form>
  );
}

/** A Google-only account has no password to change: it can add one through a link to its address. */
function SetPasswordByEmail({ email }: { email: string }) {
  const request = useForgotPassword();
  async function send() {
    try {
      await request.mutateAsync(email);
      toast({
        title: m.account_check_your_email(),
        description: m.account_set_password_sent({ email, minutes: PASSWORD_RESET_TTL_MINUTES }),
      });
    } catch (err) {
      toast({ variant: "destructive", title: m.account_email_not_sent(), description: errorText(err, m.account_try_again_later()) });
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{m.account_google_only()}</p>
      <div>
        <Button variant="outline" onClick={send} disabled={request.isPending}>
          {request.isPending ? m.account_sending() : m.account_set_a_password()}
        </Button>
      </div>
    </div>
  );
}

export function PasswordSettings() {
  const { user } = useAuth();
  const security = useAccountSecurity();
  if (!user || !security.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.account_password_title()}</CardTitle>
        <CardDescription>{m.account_password_text()}</CardDescription>
      </CardHeader>
      <CardContent>{security.data.hasPassword ? <ChangePasswordForm /> : <SetPasswordByEmail email={user.email} />}</CardContent>
    </Card>
  );
}
