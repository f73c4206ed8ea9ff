/** Invite by email; who is invited, joined, and has chosen a photo; re-send, revoke, remove. */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { count, type ApiMyTeam } from "@/lib/domain";
import { useInviteMember } from "./api/invite-member";
import { useRemoveMember } from "./api/remove-member";
import { useResendInvitation } from "./api/resend-invitation";
import { useRevokeInvitation } from "./api/revoke-invitation";

export function MembersPanel({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  const [email, setEmail] = useState("");
  const invite = useInviteMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const free = team.seats.paid - team.seats.used - team.seats.invited;

  async function run(action: () => Promise<unknown>, title: string, description: string) {
    try {
      await action();
      toast({ title, description });
    } catch (err) {
      toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, "Please try again.") });
    }
  }

  /** Clears the field only once the invitation is sent, and only if it still holds that address: a refused
   *  address stays to be corrected, and one typed while the first was on its way is kept. */
  async function onInvite(e: FormEvent) {
    e.preventDefault();
    const sent = email;
    await run(
      async () => {
        await invite.mutateAsync(sent);
        setEmail((current) => (current === sent ? "" : current));
      },
      "Invitation sent",
      `We emailed ${sent} a link to join.`,
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          {team.subscription?.status && team.subscription.status !== "canceled" && team.subscription.status !== "incomplete_expired"
            ? free > 0
              ? `${count(free, "free seat")}: invite by email.`
              : "Every seat is taken or promised. Add seats to invite more people."
            : "Buy seats first (under Seats); then invite people by email."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(e) => void onInvite(e)} className="flex flex-wrap items-end gap-3">
          <div className="grid w-full gap-1.5 sm:w-auto">
            <Label htmlFor="invite-email">Email address</Label>
            <Input
              id="invite-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="w-full sm:w-72"
            />
          </div>
          <Button type="submit" disabled={invite.isPending || free <= 0}>
            Invite
          </Button>
        </form>
        <ul className="divide-y rounded-md border" aria-label="Team members and invitations">
          {team.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{m.name}</span> <span className="break-all text-muted-foreground">{m.email}</span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {m.role === "owner" && <Badge variant="secondary">Owner</Badge>}
                <Badge variant="success">Joined</Badge>
                <Badge variant={m.hasChosenPhoto ? "success" : "outline"}>{m.hasChosenPhoto ? "Photo chosen" : "No photo yet"}</Badge>
                {m.role !== "owner" && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void run(() => remove.mutateAsync(m.userId), "Member removed", `${m.name} keeps their account and photos.`)
                    }
                  >
                    Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
          {team.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0 break-all text-muted-foreground">{i.email}</span>
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={i.status === "invited" ? "accent" : "destructive"}>{i.status === "invited" ? "Invited" : "Expired"}</Badge>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void run(() => resend.mutateAsync(i.id), "Invitation sent again", `A new link went to ${i.email}.`)}
                >
                  Re-send
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void run(() => revoke.mutateAsync(i.id), "Invitation revoked", `The link sent to ${i.email} no longer works.`)
                  }
                >
                  Revoke
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
