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
import { useCreateCaptureLink, useRevokeCaptureLink } from "./api/capture-links";
import { useCaptureLinks } from "./api/get-capture-links";

const STATUS_WORDS: Record<ApiCaptureLink["status"], string> = { open: "Open", full: "Full", expired: "Expired", revoked: "Revoked" };
const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

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
      toast({ title: "Link created", description: "Copy it now and post it where your team will see it." });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't create the link", description: errorText(err, "Please try again.") });
    }
  }

  async function onCopy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Link copied" });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy", description: "Select the link and copy it yourself." });
    }
  }

  async function onRevoke(id: string) {
    try {
      await revoke.mutateAsync(id);
      toast({ title: "Link revoked", description: "It no longer works. People who joined through it stay in the team." });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't revoke the link", description: errorText(err, "Please try again.") });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>A link for your team</CardTitle>
        <CardDescription>
          Post one link in Slack or your intranet: anyone with a work address at your domain joins after confirming it, up to the number of
          people you set, until the link expires. It never fills more seats than you pay for.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={(e) => void onCreate(e)} className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="capture-domains">Email domains</Label>
            <Input
              id="capture-domains"
              required
              value={domains}
              placeholder="acme.com"
              aria-describedby="capture-domains-hint"
              onChange={(e) => setDomains(e.target.value)}
            />
            <p id="capture-domains-hint" className="text-xs text-muted-foreground">
              Separate several with commas. Exact matches only: list sub-domains like eu.acme.com too.
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="capture-max">People</Label>
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
            <Label htmlFor="capture-days">Days valid</Label>
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
            {create.isPending ? "Creating..." : "Create link"}
          </Button>
        </form>
        {team.seats.paid === 0 && <p className="text-sm text-muted-foreground">Buy seats first; then make a link for your team.</p>}
        {made && (
          <Alert role="status" variant="info">
            <AlertDescription className="grid gap-2">
              <span>Your new link. Copy it now: for your team's safety we don't keep it, only a fingerprint of it.</span>
              <span className="flex flex-wrap items-center gap-2">
                <Input readOnly value={made} aria-label="New link" className="min-w-0 flex-1" onFocus={(e) => e.target.select()} />
                <Button type="button" variant="outline" onClick={() => void onCopy(made)}>
                  Copy link
                </Button>
              </span>
            </AlertDescription>
          </Alert>
        )}
        {links.isLoading ? (
          <Spinner label="Loading links" />
        ) : links.isError || !links.data ? (
          <p className="text-sm text-destructive" role="alert">
            We couldn't load your links. Please reload the page.
          </p>
        ) : links.data.links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No links yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Team links">
            {links.data.links.map((l) => (
              <li key={l.id} className="grid gap-2 p-3 text-sm">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all">
                    <span className="font-medium">{l.domains.map((d) => `@${d}`).join(", ")}</span>{" "}
                    <span className="text-muted-foreground">
                      {l.joined.length} of {l.maxJoins} joined · until {date(l.expiresAt)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={l.status === "open" ? "success" : "outline"}>{STATUS_WORDS[l.status]}</Badge>
                    {l.status !== "revoked" && (
                      <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => void onRevoke(l.id)}>
                        Revoke
                      </Button>
                    )}
                  </span>
                </span>
                {l.joined.length > 0 && (
                  <ul className="text-muted-foreground" aria-label={`Joined through the link for ${l.domains.join(", ")}`}>
                    {l.joined.map((p) => (
                      <li key={p.userId} className="break-all">
                        {p.email} · joined {date(p.joinedAt)}
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
