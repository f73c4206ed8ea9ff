import { useId, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { errorCode, errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths, verifiedLanding } from "@/lib/paths";
import { m } from "@/lib/copy";
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
      if (code === "link_unusable" || code === "invalid_input") setUnusable(errorText(err, m.auth_link_unusable()));
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
      setError(errorText(err, m.auth_check_password_failed()));
    }
  }

  const chosen = useNewPasswordForm(
    (newPassword) => finish(() => choose.mutateAsync({ token, password: newPassword })),
    m.auth_set_password_failed(),
  );

  if (unusable)
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p className="text-destructive">{unusable}</p>
        <a href={paths.auth} className="font-medium underline underline-offset-2">
          {m.auth_go_to_sign_in()}
        </a>
      </div>
    );

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void onConfirm(e)} className="grid gap-4" aria-label={m.auth_confirm_signup_password_form()}>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>{m.auth_signup_password_label()}</Label>
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
          {confirm.isPending ? m.auth_checking() : m.auth_verify_my_email()}
        </Button>
      </form>

      <div className="grid gap-3 border-t pt-5">
        <h2 className="text-sm font-semibold">{m.auth_not_you_title()}</h2>
        <p className="text-sm text-muted-foreground">{m.auth_not_you_text()}</p>
        {choosing ? (
          <form onSubmit={chosen.onSubmit} className="grid gap-4" aria-label={m.auth_choose_new_password()}>
            <NewPasswordFields {...chosen.fields} />
            {chosen.error && (
              <p role="alert" className="text-sm text-destructive">
                {chosen.error}
              </p>
            )}
            <Button type="submit" variant="outline" disabled={choose.isPending || !chosen.ready} className="w-full">
              {choose.isPending ? m.auth_saving() : m.auth_set_password_and_verify()}
            </Button>
          </form>
        ) : (
          <Button type="button" variant="outline" className="w-full" onClick={() => setChoosing(true)}>
            {m.auth_choose_new_password()}
          </Button>
        )}
      </div>
    </div>
  );
}
