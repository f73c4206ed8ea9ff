import { useId, useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/domain";
import { useForgotPassword } from "@/shared/auth/api/forgot-password";
import { m } from "@/lib/copy";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useForgotPassword();
  const id = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await request.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(errorText(err, m.auth_send_email_failed()));
    }
  }

  if (sentTo) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertTitle>{m.auth_check_your_email()}</AlertTitle>
        <AlertDescription>{m.auth_reset_sent({ email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES })}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.auth_reset_form()}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>{m.auth_email()}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={m.auth_email_placeholder()}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? m.auth_sending() : m.auth_send_reset_link()}
      </Button>
    </form>
  );
}
