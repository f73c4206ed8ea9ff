/**
 * Capture links (issue 37): a link the owner posts in Slack, say. Anyone with a verified address at the
 * team's domain(s) joins, up to a number of people, until it expires; it can be revoked. The link is shown
 * once, when it is made (only a fingerprint is kept); each link lists who joined through it.
 */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { CAPTURE_DEFAULT_DAYS, CAPTURE_MAX_DAYS, type ApiCaptureLink, type ApiMyTeam } from "@/lib/domain";
import { m } from "@/lib/copy";
import { useCreateCaptureLink, useRevokeCaptureLink } from "./api/capture-links";
import { useCaptureLinks } from "./api/get-capture-links";
import { shortDay } from "./team-words";

const STATUS_WORDS: Record<ApiCaptureLink["status"], () => string> = {
  open: m.team_link_open,
  full: m.team_link_full,
  expired: m.team_link_expired,
  revoked: m.team_link_revoked,
};
const date = (iso: string) => shortDay(iso, true);

export function CaptureLinksPanel({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  const owner = team.members.find((m) => m.role === "owner");
  const [domains, setDomains] = useState(owner ? (owner.email.split("@")[1] ?? "") : "");
  const free = Math.max(0, team.seats.paid - team.seats.used - team.seats.invited);
  const [maxJoins, setMaxJoins] = useState(String(Math.max(1, free)));
  const [days, setDays] = useState(String(CAPTURE_DEFAULT_DAYS));
  const [made, setMade] = useState<string | null>(null);
  const links = useCaptureLinks();
  const create = useCreateCaptureLink();
  const revoke = useRevokeCaptureLink();

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    try {
      const { link } = await create.mutateAsync({
        domains: domains.split(/[\s,;]+/).filter(Boolean),
        maxJoins: Number(maxJoins),
        expiresInDays: Number(days),
      });
      setMade(link);
      toast({ title: m.team_link_created(), description: m.team_link_created_body() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_link_create_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  async function onCopy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: m.team_link_copied() });
    } catch {
      toast({ variant: "destructive", title: m.team_copy_failed(), description: m.team_copy_failed_body() });
    }
  }

  async function onRevoke(id: string) {
    try {
      await revoke.mutateAsync(id);
      toast({ title: m.team_link_revoked_title(), description: m.team_link_revoked_body() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_link_revoke_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_links_title()}</CardTitle>
        <CardDescription>{m.team_links_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(e) => void onCreate(e)} className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="capture-domains">{m.team_links_domains_label()}</Label>
            <Input
              id="capture-domains"
              required
              value={domains}
              placeholder="acme.com"
              aria-describedby="capture-domains-hint"
              onChange={(e) => setDomains(e.target.value)}
            />
            <p id="capture-domains-hint" className="text-xs text-muted-foreground">
              {m.team_links_domains_hint()}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="capture-max">{m.team_links_people()}</Label>
            <Input
              id="capture-max"
              type="number"
              min={1}
              required
              value={maxJoins}
              onChange={(e) => setMaxJoins(e.target.value)}
              className="sm:w-24"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="capture-days">{m.team_links_days()}</Label>
            <Input
              id="capture-days"
              type="number"
              min={1}
              max={CAPTURE_MAX_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
              className="sm:w-24"
            />
          </div>
          <Button type="submit" disabled={create.isPending || team.seats.paid === 0}>
            {create.isPending ? m.team_creating() : m.team_links_create()}
          </Button>
        </form>
        {team.seats.paid === 0 && <p className="text-sm text-muted-foreground">{m.team_links_buy_first()}</p>}
        {made && (
          <Alert role="status" variant="info">
            <AlertDescription className="grid gap-2">
              <span>{m.team_links_new()}</span>
              <span className="flex flex-wrap items-center gap-2">
                <Input
                  readOnly
                  value={made}
                  aria-label={m.team_links_new_label()}
                  className="min-w-0 flex-1"
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" variant="outline" onClick={() => void onCopy(made)}>
                  {m.team_links_copy()}
                </Button>
              </span>
            </AlertDescription>
          </Alert>
        )}
        {links.isLoading ? (
          <Spinner label={m.team_links_loading()} />
        ) : links.isError || !links.data ? (
          <p className="text-sm text-destructive" role="alert">
            {m.team_links_error()}
          </p>
        ) : links.data.links.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.team_links_none()}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={m.team_links_list_label()}>
            {links.data.links.map((l) => (
              <li key={l.id} className="grid gap-2 p-3 text-sm">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all">
                    <span className="font-medium">{l.domains.map((d) => `@${d}`).join(", ")}</span>{" "}
                    <span className="text-muted-foreground">
                      {m.team_links_summary({ joined: l.joined.length, max: l.maxJoins, date: date(l.expiresAt) })}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={l.status === "open" ? "success" : "outline"}>{STATUS_WORDS[l.status]()}</Badge>
                    {l.status !== "revoked" && (
                      <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => void onRevoke(l.id)}>
                        {m.team_revoke()}
                      </Button>
                    )}
                  </span>
                </span>
                {l.joined.length > 0 && (
                  <ul className="text-muted-foreground" aria-label={m.team_links_joined_label({ domains: l.domains.join(", ") })}>
                    {l.joined.map((p) => (
                      <li key={p.userId} className="break-all">
                        {m.team_links_joined_row({ email: p.email, date: date(p.joinedAt) })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
