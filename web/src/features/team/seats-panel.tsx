/** The owner's seats: buy them (Checkout with a quantity), add (charged now), remove (at the period end), cancel. */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { TEAM_PLAN, teamMonthlyCents, type ApiMyTeam } from "@/lib/domain";
import { m } from "@/lib/copy";
import { money } from "@/shared/billing/plan-words";
import { statusWords } from "@/shared/billing/status-words";
import { useSetTeamCancel } from "./api/cancel-team";
import { useChangeSeats } from "./api/change-seats";
import { useCloseTeam } from "./api/close-team";
import { useTeamCheckout } from "./api/team-checkout";
import { SeatsChangeDialog, type SeatsChange } from "./seats-change-dialog";
import { useTeamSeatCents } from "@/shared/api/get-plans";
import { billingDay } from "./team-words";

const dateOf = (iso: string | null) => (iso ? billingDay(iso) : m.team_period_end());

export function SeatsPanel({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  const sub = team.subscription;
  const live = sub?.live;
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
      toast({ variant: "destructive", title: m.common_operation_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // a change of seats is confirmed first, with what it charges today (issue 37)
    if (live && sub) setPending({ from: sub.seats, to: n, periodEnd: dateOf(sub.currentPeriodEnd), seatCents: sub.seatCents });
    else void run(() => checkout.mutateAsync(n), m.team_opening_checkout());
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_seats_title()}</CardTitle>
        <CardDescription>
          {live ? (
            <>
              <span data-testid="seats-used">{m.team_seats_used({ used: team.seats.used, paid: team.seats.paid })}</span>
              {team.seats.invited > 0 && m.team_seats_open_invitations({ count: team.seats.invited })}.
            </>
          ) : (
            <span data-testid="seats-used">{m.team_no_seats_yet()}</span>
          )}{" "}
          {m.team_price_per_seat({ price: money(live && sub ? sub.seatCents : seatCents) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sub && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={sub.entitled ? "success" : "destructive"}>{statusWords(sub)}</Badge>
            {live && (
              <span>
                {sub.cancelAtPeriodEnd
                  ? m.team_seats_renews_cancelled({ count: sub.seats, date: dateOf(sub.currentPeriodEnd) })
                  : m.team_seats_renews({ count: sub.seats, date: dateOf(sub.currentPeriodEnd) })}
              </span>
            )}
            {sub.scheduledSeats !== null && <span>{m.team_seats_from({ date: dateOf(sub.scheduledAt), count: sub.scheduledSeats })}</span>}
          </div>
        )}
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="team-seats">{live ? m.team_seats_change_label() : m.team_seats_buy_label()}</Label>
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
                ? m.common_please_wait()
                : m.team_seats_update()
              : m.team_seats_buy({
                  count: Number.isInteger(n) ? n : 0,
                  price: money(teamMonthlyCents(Number.isInteger(n) ? n : 0, seatCents)),
                })}
          </Button>
        </form>
        {live && <p className="text-xs text-muted-foreground">{m.team_seats_note()}</p>}
        <div className="flex flex-wrap gap-2">
          {live && !sub.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void run(() => cancel.mutateAsync(true), m.team_subscription_cancelled())}>
              {m.team_cancel_subscription()}
            </Button>
          )}
          {live && sub.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void run(() => cancel.mutateAsync(false), m.team_subscription_continues())}>
              {m.team_keep_subscription()}
            </Button>
          )}
          {(!live || sub.cancelAtPeriodEnd) && (
            <Button
              variant="ghost"
              className="text-destructive"
              onClick={() => void run(async () => ({ ...(await close.mutateAsync()), message: m.team_closed_body() }), m.team_closed())}
            >
              {m.team_close()}
            </Button>
          )}
        </div>
      </CardContent>
      <SeatsChangeDialog
        change={pending}
        onCancel={() => setPending(null)}
        onConfirm={(to) => {
          setPending(null);
          void run(() => change.mutateAsync(to), m.team_seats_updated());
        }}
      />
    </Card>
  );
}
