import { useId, useState, type FormEvent } from "react";
import { m } from "@/lib/copy";
import { useLocation } from "wouter";
import { Trash2 } from "lucide-react";
import { errorText } from "@/api/client";
import { RECENT_GOOGLE_SIGNIN_MINUTES } from "@/lib/domain";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/shared/auth/auth-context";
import { paths } from "@/lib/paths";
import { useDeleteAccount } from "./api/delete-account";

/** POST /api/account/delete {password} after confirmation; then signed out and sent to '/'. */
export function DeleteAccountDialog() {
  const { clearSession } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const deletion = useDeleteAccount();
  const busy = deletion.isPending;
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await deletion.mutateAsync(password);
      setOpen(false);
      navigate(paths.home);
      clearSession();
      toast({ title: m.account_deleted(), description: m.account_deleted_text() });
    } catch (err) {
      setError(errorText(err, m.account_delete_failed()));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setPassword("");
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> {m.account_delete_button()}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{m.account_delete_title()}</DialogTitle>
            <DialogDescription>{m.account_delete_text()}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>{m.account_confirm_with_password()}</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={`${id}-hint`}
              aria-invalid={error ? true : undefined}
            />
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {m.account_google_leave_empty({ minutes: RECENT_GOOGLE_SIGNIN_MINUTES })}
            </p>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {m.account_cancel()}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? m.account_deleting() : m.account_delete_button()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
