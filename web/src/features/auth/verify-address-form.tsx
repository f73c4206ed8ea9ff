import { useId, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { errorCode, errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths, verifiedLanding } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { NewPasswordFields, useNewPasswordForm } from "@/shared/auth/password-fields";
import { useConfirmSignupPassword, useVerifyWithNewPassword } from "./api/verify-address";

/**
 * /auth/verify's two ways to finish verifying (decision 325): the password chosen at sign-up (every device
 * stays signed in), or a new password for someone who did not sign up or forgot it (every other device is
 * signed out). Either signs this device in and continues where the sign-up was heading (`next`).
 */
export function VerifyAddressForm({ token, next }: { token: string; next: string | null }) {
  const [, navigate] = useLocation();
  const { acceptSession } = useAuth();
  const confirm = useConfirmSignupPassword();
  const choose = useVerifyWithNewPassword();
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [unusable, setUnusable] = useState<string | null>(null);

  async function finish(run: () => Promise<Parameters<typeof acceptSession>[0]>) {
    try {
      await acceptSession(await run());
      navigate(verifiedLanding(next), { replace: true });
    } catch (err) {
      const code = errorCode(err);
      if (code === "link_unusable" || code === "invalid_input") setUnusable(errorText(err, "This link can't be used any more."));
      throw err;
    }
  }

  async function onConfirm(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await finish(() => confirm.mutateAsync({ token, password }));
    } catch (err) {
      // the operator's address always chooses a new password (409): straight to that form
      if (errorCode(err) === "new_password_required") setChoosing(true);
      setError(errorText(err, "We couldn't check your password. Please try again."));
    }
  }

  const chosen = useNewPasswordForm(
    (newPassword) => finish(() => choose.mutateAsync({ token, password: newPassword })),
    "We couldn't set your password. Please try again.",
  );

  if (unusable)
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p className="text-destructive">{unusable}</p>
        <a href={paths.auth} className="font-medium underline underline-offset-2">
          Go to sign in
        </a>
      </div>
    );

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void onConfirm(e)} className="grid gap-4" aria-label="Confirm your sign-up password">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>The password you chose when you signed up</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={confirm.isPending || password.length === 0} className="w-full">
          {confirm.isPending ? "Checking..." : "Verify my email"}
        </Button>
      </form>

      <div className="grid gap-3 border-t pt-5">
        <h2 className="text-sm font-semibold">Didn't sign up with this address, or forgot the password?</h2>
        <p className="text-sm text-muted-foreground">
          Choose a new password instead. Whoever used the old one is signed out everywhere, and it stops working.
        </p>
        {choosing ? (
          <form onSubmit={chosen.onSubmit} className="grid gap-4" aria-label="Choose a new password">
            <NewPasswordFields {...chosen.fields} />
            {chosen.error && (
              <p role="alert" className="text-sm text-destructive">
                {chosen.error}
              </p>
            )}
            <Button type="submit" variant="outline" disabled={choose.isPending || !chosen.ready} className="w-full">
              {choose.isPending ? "Saving..." : "Set password and verify"}
            </Button>
          </form>
        ) : (
          <Button type="button" variant="outline" className="w-full" onClick={() => setChoosing(true)}>
            Choose a new password
          </Button>
        )}
      </div>
    </div>
  );
}
