import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { useAuth } from "@/shared/auth/auth-context";
import { useResetPassword } from "./api/reset-password";
import { NewPasswordFields, useNewPasswordForm } from "@/shared/auth/password-fields";

/**
 * Chooses the new password from a reset link; every session ends, so the person signs in again, and then
 * continues to `next` (the operator: /admin, issue 46) where given.
 */
export function ResetPasswordForm({ token, next }: { token: string; next?: string }) {
  const [, navigate] = useLocation();
  const { clearSession } = useAuth();
  const reset = useResetPassword();
  const form = useNewPasswordForm(async (password) => {
    await reset.mutateAsync({ token, password });
    clearSession();
    navigate(next ? `${paths.auth}?next=${encodeURIComponent(next)}` : paths.auth);
    toast({ title: m.auth_password_changed(), description: m.auth_password_changed_text() });
  }, m.auth_set_password_failed());

  return (
    <form onSubmit={form.onSubmit} className="grid gap-4" aria-label={m.auth_choose_new_password()}>
      <NewPasswordFields {...form.fields} />
      {form.error && (
        <p role="alert" className="text-sm text-destructive">
          {form.error}{" "}
          <a href={paths.authForgot} className="font-medium underline underline-offset-2">
            {m.auth_ask_new_link()}
          </a>
        </p>
      )}
      <Button type="submit" disabled={reset.isPending || !form.ready} className="w-full">
        {reset.isPending ? m.auth_saving() : m.auth_set_new_password()}
      </Button>
    </form>
  );
}
