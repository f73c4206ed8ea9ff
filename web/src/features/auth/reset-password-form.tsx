import { useId, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { errorMessage } from "@/api/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { useResetPassword } from "./api/reset-password";
import { NewPasswordFields, newPasswordState } from "@/shared/auth/password-fields";

/** Chooses the new password from a reset link; every session ends, so the person signs in again. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const { clearSession } = useAuth();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  const id = useId();
  const { ready } = newPasswordState(password, confirm);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      clearSession();
      navigate(paths.auth);
      toast({ title: "Password changed", description: "Your new password is set and you were signed out everywhere. Please sign in." });
    } catch (err) {
      setError(errorMessage(err, "We couldn't set your password. Please try again."));
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
      <NewPasswordFields id={id} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}{" "}
          <a href={paths.authForgot} className="font-medium underline underline-offset-2">
            Ask for a new link
          </a>
        </p>
      )}
      <Button type="submit" disabled={reset.isPending || !ready} className="w-full">
        {reset.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
