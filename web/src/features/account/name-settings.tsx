import { useId, useState, type FormEvent } from "react";
import { m } from "@/lib/copy";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/shared/auth/auth-context";
import { useUpdateProfile } from "./api/update-profile";

/** The name on the account: first and last, either may be left empty. */
export function NameSettings() {
  const { user, reloadUser } = useAuth();
  const [firstName, setFirstName] = useState(user?.firstName ?? "");
  const [lastName, setLastName] = useState(user?.lastName ?? "");
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const id = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ firstName, lastName });
      await reloadUser();
      toast({ title: m.account_name_saved(), description: m.account_name_saved_text() });
    } catch (err) {
      setError(errorText(err, m.account_name_failed()));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.account_name_title()}</CardTitle>
        <CardDescription>{m.account_name_text()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.account_name_form()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-first`}>{m.account_first_name()}</Label>
              <Input
                id={`${id}-first`}
                autoComplete="given-name"
                maxLength={80}
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-last`}>{m.account_last_name()}</Label>
              <Input
                id={`${id}-last`}
                autoComplete="family-name"
                maxLength={80}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? m.account_saving() : m.account_save_name()}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
