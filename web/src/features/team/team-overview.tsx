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
import { TEAM_NAME_MAX, TEAM_PLAN, type ApiMyTeam } from "@/lib/domain";
import { m } from "@/lib/copy";
import { money, seatFairUse } from "@/shared/billing/plan-words";
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
import { teamLookLabel } from "./team-words";
import { useTeamSeatCents } from "@/shared/api/get-plans";

export function TeamOverview() {
  const { data: team, isLoading, isError } = useMyTeam();
  const checkout = new URLSearchParams(useSearch()).get("checkout");
  useSyncAfterCheckout(checkout);
  if (isLoading) return <PageSpinner caption={m.team_loading()} />;
  if (isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{m.team_load_error()}</AlertDescription>
      </Alert>
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {checkout === "canceled" && (
        <Alert role="status" variant="info">
          <AlertTitle>{m.billing_checkout_canceled_title()}</AlertTitle>
          <AlertDescription>{m.team_checkout_canceled_body()}</AlertDescription>
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
      toast({ title: m.team_created_title(), description: m.team_created_body() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_create_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {m.team_start_title()}
        </CardTitle>
        <CardDescription>
          {m.team_start_description({
            price: money(seatCents),
            min: TEAM_PLAN.minSeats,
            max: TEAM_PLAN.maxSeats,
            caps: seatFairUse(),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="team-name">{m.team_name_label()}</Label>
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
            {create.isPending ? m.team_creating() : m.team_create()}
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
      <AlertTitle>{m.team_own_plan_title()}</AlertTitle>
      <AlertDescription>{m.team_own_plan_body()}</AlertDescription>
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
      toast({ title: m.team_left_title(), description: m.team_left_body() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_leave_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{team.team.name}</CardTitle>
        <CardDescription>{team.entitled ? m.team_member_entitled({ caps: seatFairUse() }) : m.team_member_paused()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OwnPlanNotice show={team.ownPlanNotNeeded} />
        <p className="text-sm">{team.team.look ? teamLookLabel(team.team.look, team.team.shoot.backdrop) : m.team_no_look_yet()}</p>
        <p className="text-sm text-muted-foreground">{team.myChosenHeadshotId ? m.team_photo_chosen() : m.team_photo_choose()}</p>
        {team.myChosenHeadshotId && team.team.shoot.template && (
          <div>
            <TemplateDownloadButton target={{ headshotId: team.myChosenHeadshotId }} label={m.team_download_profile_picture()} />
          </div>
        )}
        <div>
          <Button variant="outline" onClick={() => void onLeave()} disabled={leave.isPending}>
            {m.team_leave()}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
