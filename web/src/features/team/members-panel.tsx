/** Invite by email; who is invited, joined, and has chosen a photo; re-send, revoke, remove. */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { isEndedStatus, type ApiMyTeam } from "@/lib/domain";
import { m } from "@/lib/copy";
import { useInviteMember } from "./api/invite-member";
import { INVITATION_STATUS_WORDS } from "./team-words";
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
      toast({ variant: "destructive", title: m.common_operation_failed(), description: errorText(err, m.common_please_try_again()) });
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
      m.team_invitation_sent(),
      m.team_invitation_sent_body({ email: sent }),
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_members_title()}</CardTitle>
        <CardDescription>
          {team.subscription?.status && !isEndedStatus(team.subscription.status)
            ? free > 0
              ? m.team_members_free({ count: free })
              : m.team_members_full()
            : m.team_members_buy_first()}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(e) => void onInvite(e)} className="flex flex-wrap items-end gap-3">
          <div className="grid w-full gap-1.5 sm:w-auto">
            <Label htmlFor="invite-email">{m.team_email_label()}</Label>
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
            {m.team_invite()}
          </Button>
        </form>
        <ul className="divide-y rounded-md border" aria-label={m.team_members_list_label()}>
          {team.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{member.name}</span> <span className="break-all text-muted-foreground">{member.email}</span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {member.role === "owner" && <Badge variant="secondary">{m.team_badge_owner()}</Badge>}
                <Badge variant="success">{m.team_badge_joined()}</Badge>
                <Badge variant={member.hasChosenPhoto ? "success" : "outline"}>
                  {member.hasChosenPhoto ? m.team_badge_photo_chosen() : m.team_badge_no_photo()}
                </Badge>
                {member.role !== "owner" && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void run(
                        () => remove.mutateAsync(member.userId),
                        m.team_member_removed(),
                        m.team_member_removed_body({ name: member.name }),
                      )
                    }
                  >
                    {m.team_remove()}
                  </Button>
                )}
              </span>
            </li>
          ))}
          {team.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0 break-all text-muted-foreground">{i.email}</span>
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={i.status === "invited" ? "accent" : "destructive"}>{INVITATION_STATUS_WORDS[i.status]()}</Badge>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void run(() => resend.mutateAsync(i.id), m.team_invitation_resent(), m.team_invitation_resent_body({ email: i.email }))
                  }
                >
                  {m.team_resend()}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void run(
                      () => revoke.mutateAsync(i.id),
                      m.team_invitation_revoked(),
                      m.team_invitation_revoked_body({ email: i.email }),
                    )
                  }
                >
                  {m.team_revoke()}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
