import { useState } from "react";
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
    toast({ title: "Password changed", description: "Your other devices have been signed out." });
  }, "We couldn't change your password. Please try again.");
  const { id } = form.fields;

  return (
    <form onSubmit={form.onSubmit} className="grid gap-4" aria-label="Change password">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-current`}>Current password</Label>
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
          {change.isPending ? "Saving..." : "Change password"}
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
        title: "Check your email",
        description: `We sent ${email} a link to set a password. It expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      });
    } catch (err) {
      toast({ variant: "destructive", title: "Email not sent", description: errorText(err, "Please try again later.") });
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        You sign in with Google. To also sign in with a password, we'll email you a link to set one.
      </p>
      <div>
        <Button variant="outline" onClick={send} disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Set a password"}
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
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>{security.data.hasPassword ? <ChangePasswordForm /> : <SetPasswordByEmail email={user.email} />}</CardContent>
    </Card>
  );
}
