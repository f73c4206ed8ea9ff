/**
 * The /team page's content (issue 25): outside a team, create one; as the owner, the seats and the
 * subscription, the brand look, invitations and members, and the team grid; as a member, the team's
 * look, one's own team photo and leaving. The server decides everything; this page shows its answers.
 */
import { useState, type FormEvent } from "react";
import { useSearch } from "wouter";
import { Users } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { TEAM_NAME_MAX, TEAM_PLAN, euros, fairUseCaps, teamLookLabel, type ApiMyTeam } from "@/lib/domain";
import { useMyTeam } from "@/shared/api/get-my-team";
import { useCreateTeam } from "./api/create-team";
import { useLeaveTeam } from "./api/leave-team";
import { useSyncAfterCheckout } from "./api/sync-after-checkout";
import { BrandLookForm } from "./brand-look-form";
import { CaptureLinksPanel } from "./capture-links-panel";
import { ImportListPanel } from "./import-list-panel";
import { MembersPanel } from "./members-panel";
import { SeatsPanel } from "./seats-panel";
import { StatusPanel } from "./status-panel";
import { TeamGrid } from "./team-grid";
import { TeamShootForm } from "./team-shoot-form";
import { TemplateDownloadButton } from "./template-download";
import { useTeamSeatCents } from "@/shared/api/get-plans";

export function TeamOverview() {
  const { data: team, isLoading, isError } = useMyTeam();
  const checkout = new URLSearchParams(useSearch()).get("checkout");
  useSyncAfterCheckout(checkout);
  if (isLoading) return <PageSpinner caption="Loading your team..." />;
  if (isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>We couldn't load your team. Please reload the page.</AlertDescription>
      </Alert>
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {checkout === "canceled" && (
        <Alert role="status" variant="info">
          <AlertTitle>Checkout canceled</AlertTitle>
          <AlertDescription>You haven't been charged.</AlertDescription>
        </Alert>
      )}
      {!team ? <CreateTeam /> : team.role === "owner" ? <OwnerView team={team} /> : <MemberView team={team} />}
    </div>
  );
}

function CreateTeam() {
  const [name, setName] = useState("");
  const create = useCreateTeam();
  const seatCents = useTeamSeatCents();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      await create.mutateAsync(name);
      toast({ title: "Team created", description: "Now choose how many seats it needs." });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't create the team", description: errorText(err, "Please try again.") });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> Start a team
        </CardTitle>
        <CardDescription>
          {euros(seatCents)} per seat per month, {TEAM_PLAN.minSeats} to {TEAM_PLAN.maxSeats} seats. Everyone gets unlimited headshots in
          one brand look ({fairUseCaps("team")} each), and you get everyone's photo in one place.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="team-name">Team name</Label>
            <Input
              id="team-name"
              value={name}
              maxLength={TEAM_NAME_MAX}
              required
              onChange={(e) => setName(e.target.value)}
              className="w-72"
            />
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ""}>
            {create.isPending ? "Creating..." : "Create team"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function OwnPlanNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Alert role="status" variant="info">
      <AlertTitle>You no longer need your own plan</AlertTitle>
      <AlertDescription>
        Your team seat includes everything your plan does. You can cancel your own plan from your account page.
      </AlertDescription>
    </Alert>
  );
}

function OwnerView({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  return (
    <>
      <div>
        <h2 className="text-2xl font-bold tracking-tight">{team.team.name}</h2>
        {team.team.look && <p className="text-sm text-muted-foreground">{teamLookLabel(team.team.look, team.team.shoot.backdrop)}</p>}
      </div>
      <OwnPlanNotice show={team.ownPlanNotNeeded} />
      <SeatsPanel team={team} />
      <BrandLookForm team={team} />
      <TeamShootForm team={team} />
      <MembersPanel team={team} />
      <CaptureLinksPanel team={team} />
      <ImportListPanel />
      <StatusPanel />
      <TeamGrid template={team.team.shoot.template !== null} />
    </>
  );
}

function MemberView({ team }: { team: Extract<ApiMyTeam, { role: "member" }> }) {
  const leave = useLeaveTeam();
  async function onLeave() {
    try {
      await leave.mutateAsync();
      toast({ title: "You left the team", description: "Your account and photos stay yours." });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't leave the team", description: errorText(err, "Please try again.") });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{team.team.name}</CardTitle>
        <CardDescription>
          {team.entitled
            ? `Your seat includes unlimited headshots (fair use: ${fairUseCaps("team")}) without a watermark, in high resolution.`
            : "The team's subscription is paused or has ended: your seat has no paid features right now."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OwnPlanNotice show={team.ownPlanNotNeeded} />
        <p className="text-sm">
          {team.team.look ? teamLookLabel(team.team.look, team.team.shoot.backdrop) : "The team's owner hasn't chosen the team look yet."}
        </p>
        <p className="text-sm text-muted-foreground">
          {team.myChosenHeadshotId
            ? "You've chosen your team photo. Choose another from your gallery any time."
            : "Choose your team photo from your gallery: open a finished headshot and press “Use as my team photo”."}
        </p>
        {team.myChosenHeadshotId && team.team.shoot.template && (
          <div>
            <TemplateDownloadButton target={{ headshotId: team.myChosenHeadshotId }} label="Download my profile picture" />
          </div>
        )}
        <div>
          <Button variant="outline" onClick={() => void onLeave()} disabled={leave.isPending}>
            Leave the team
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
