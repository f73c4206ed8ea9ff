/** The owner's seats: buy them (Checkout with a quantity), add (charged now), remove (at the period end), cancel. */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { TEAM_PLAN, euros, teamMonthlyCents, type ApiMyTeam } from "@/lib/domain";
import { count } from "../../../../domain/words";
import { useSetTeamCancel } from "./api/cancel-team";
import { useChangeSeats } from "./api/change-seats";
import { useCloseTeam } from "./api/close-team";
import { useTeamCheckout } from "./api/team-checkout";
import { SeatsChangeDialog, type SeatsChange } from "./seats-change-dialog";
import { useTeamSeatCents } from "@/shared/api/get-plans";

const dateOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }) : "the period end";

export function SeatsPanel({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  const sub = team.subscription;
  const live = sub && ["active", "trialing", "past_due", "unpaid"].includes(sub.status);
  const [seats, setSeats] = useState(String(sub && live ? sub.seats : Math.max(TEAM_PLAN.minSeats, team.seats.used + team.seats.invited)));
  const checkout = useTeamCheckout();
  const seatCents = useTeamSeatCents();
  const change = useChangeSeats();
  const cancel = useSetTeamCancel();
  const close = useCloseTeam();
  const [pending, setPending] = useState<SeatsChange | null>(null);
  const n = Number(seats);
  // the same number only means something while a reduction is planned: it drops that plan
  const unchanged = Boolean(live && sub && n === sub.seats && sub.scheduledSeats === null);

  async function run(action: () => Promise<object>, title: string) {
    try {
      const result = await action();
      if ("message" in result && typeof result.message === "string") toast({ title, description: result.message });
    } catch (err) {
      toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, "Please try again.") });
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // a change of seats is confirmed first, with what it charges today (issue 37)
    if (live && sub) setPending({ from: sub.seats, to: n, periodEnd: dateOf(sub.currentPeriodEnd), seatCents: sub.seatCents });
    else void run(() => checkout.mutateAsync(n), "Opening checkout");
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Seats</CardTitle>
        <CardDescription>
          {live ? (
            <>
              <span data-testid="seats-used">
                {team.seats.used} of {team.seats.paid} seats used
              </span>
              {team.seats.invited > 0 && <>, {count(team.seats.invited, "invitation")} open</>}.
            </>
          ) : (
            <span data-testid="seats-used">No seats yet: buy seats for everyone in the team, you included.</span>
          )}{" "}
          {euros(live && sub ? sub.seatCents : seatCents)} per seat per month.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sub && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={sub.entitled ? "success" : "destructive"}>
              {sub.entitled ? "Active" : sub.status === "past_due" ? "Past Due" : "Ended"}
            </Badge>
            {live && (
              <span>
                {count(sub.seats, "seat")}, renews {dateOf(sub.currentPeriodEnd)}
                {sub.cancelAtPeriodEnd ? " — cancelled, ends then" : ""}.
              </span>
            )}
            {sub.scheduledSeats !== null && (
              <span>
                From {dateOf(sub.scheduledAt)}: {count(sub.scheduledSeats, "seat")}.
              </span>
            )}
          </div>
        )}
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="team-seats">{live ? "Change seats" : "Seats to buy"}</Label>
            <Input
              id="team-seats"
              type="number"
              min={TEAM_PLAN.minSeats}
              max={TEAM_PLAN.maxSeats}
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
              className="w-28"
            />
          </div>
          <Button
            type="submit"
            disabled={
              !Number.isInteger(n) ||
              n < TEAM_PLAN.minSeats ||
              n > TEAM_PLAN.maxSeats ||
              unchanged ||
              checkout.isPending ||
              change.isPending
            }
          >
            {live
              ? change.isPending
                ? "Please wait..."
                : "Update seats"
              : `Buy ${count(Number.isInteger(n) ? n : 0, "seat")} — ${euros(teamMonthlyCents(Number.isInteger(n) ? n : 0, seatCents))}/month`}
          </Button>
        </form>
        {live && (
          <p className="text-xs text-muted-foreground">
            Added seats are charged now for the rest of the period; removed seats end at the period end.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {live && !sub.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void run(() => cancel.mutateAsync(true), "Subscription cancelled")}>
              Cancel subscription
            </Button>
          )}
          {live && sub.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void run(() => cancel.mutateAsync(false), "Subscription continues")}>
              Keep subscription
            </Button>
          )}
          {(!live || sub.cancelAtPeriodEnd) && (
            <Button
              variant="ghost"
              className="text-destructive"
              onClick={() =>
                void run(
                  async () => ({ ...(await close.mutateAsync()), message: "Members keep their accounts and photos." }),
                  "Team closed",
                )
              }
            >
              Close the team
            </Button>
          )}
        </div>
      </CardContent>
      <SeatsChangeDialog
        change={pending}
        onCancel={() => setPending(null)}
        onConfirm={(to) => {
          setPending(null);
          void run(() => change.mutateAsync(to), "Seats updated");
        }}
      />
    </Card>
  );
}
