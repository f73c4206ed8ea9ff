import { useId, useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { m } from "@/lib/copy";

/** Whether a new password and its confirmation can be submitted, and what to say if not. */
export function newPasswordState(password: string, confirm: string) {
  const mismatch = confirm.length > 0 && password !== confirm;
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const ready = password.length >= PASSWORD_MIN_LENGTH && password === confirm;
  return { mismatch, tooShort, ready };
}

/**
 * A form that chooses a new password (reset, change): the two fields' state for NewPasswordFields, and a
 * submit that sends only a ready password and keeps the server's refusal (or `failed`) as `error`.
 */
export function useNewPasswordForm(send: (password: string) => Promise<void>, failed: string) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { ready } = newPasswordState(password, confirm);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setError(null);
    try {
      await send(password);
    } catch (err) {
      setError(errorText(err, failed));
    }
  }

  return {
    fields: { id, password, confirm, onPassword: setPassword, onConfirm: setConfirm },
    ready,
    error,
    onSubmit,
    empty: () => {
      setPassword("");
      setConfirm("");
    },
  };
}

/** A new password and its confirmation (sign-up, reset, change), with the spec's rules and words (SPEC §8). */
export function NewPasswordFields({
  id,
  label = m.auth_new_password(),
  confirmLabel = m.auth_confirm_new_password(),
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  id: string;
  label?: string;
  confirmLabel?: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { mismatch, tooShort } = newPasswordState(password, confirm);
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{label}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby={`${id}-password-hint`}
          aria-invalid={tooShort || undefined}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
        <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
          {m.auth_password_hint({ min: PASSWORD_MIN_LENGTH })}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>{confirmLabel}</Label>
        <Input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
        />
        {mismatch && (
          <p id={`${id}-mismatch`} role="alert" className="text-sm text-destructive">
            {m.auth_passwords_mismatch()}
          </p>
        )}
      </div>
    </>
  );
}
