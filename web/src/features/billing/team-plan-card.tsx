/**
 * /pricing's "For teams" card (issue 25): the Team plan's price per seat today (decision 288), and the way to /team:
 * to set one up, or, for someone already in a team (issue 46), to that team, without offering to set up another.
 */
import { Link } from "wouter";
import { Check, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { TEAM_PLAN } from "@/lib/domain";
import { m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { useTeamSeatCents } from "@/shared/api/get-plans";
import { useMyTeam } from "@/shared/api/get-my-team";
import { money, planCardLine, teamPlanFeatures } from "@/shared/billing/plan-words";

export function TeamPlanCard() {
  const seatCents = useTeamSeatCents();
  const team = useMyTeam().data;
  return (
    <Card aria-labelledby="team-plan-title">
      <CardHeader>
        <CardTitle id="team-plan-title" className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {m.billing_team_card_title()}
        </CardTitle>
        <CardDescription>{planCardLine(TEAM_PLAN.id)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>
          <span className="text-3xl font-bold">{money(seatCents)}</span>
          <span className="text-muted-foreground"> {m.billing_per_seat_month()}</span>
        </p>
        <p className="text-sm text-muted-foreground">{m.billing_team_card_seats({ min: TEAM_PLAN.minSeats, max: TEAM_PLAN.maxSeats })}</p>
        {team && (
          <p className="text-sm font-medium">
            {team.role === "owner"
              ? m.billing_team_card_owner({ team: team.team.name })
              : m.billing_team_card_member({ team: team.team.name })}
          </p>
        )}
        <ul className="grid gap-1.5 text-sm">
          {teamPlanFeatures().map((f) => (
            <li key={f} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> {f}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild>
          <Link href={paths.team}>{team ? m.billing_team_card_open() : m.billing_team_card_set_up()}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
