/**
 * Confirms a change of the team's seats before anything is charged, the way a person's plan upgrade does
 * (pricing-plans.tsx): adding seats shows what the card is charged today, from Stripe's invoice preview of
 * that very change, and the new monthly amount; removing seats says nothing is charged and when it applies.
 */
import { errorMessage } from "@/api/client";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { teamMonthlyCents } from "@/lib/domain";
import { m } from "@/lib/copy";
import { money } from "@/shared/billing/plan-words";
import { useSeatsPreview } from "./api/get-seats-preview";

export interface SeatsChange {
  /** the seats the team pays for now */
  from: number;
  to: number;
  /** when the period ends (a reduction applies then) */
  periodEnd: string;
  /** the team's own seat price (its subscription's), for the monthly total until Stripe's preview has come */
  seatCents: number;
}

export function SeatsChangeDialog({
  change,
  onCancel,
  onConfirm,
}: {
  change: SeatsChange | null;
  onCancel: () => void;
  onConfirm: (seats: number) => void;
}) {
  const adding = change !== null && change.to > change.from;
  const preview = useSeatsPreview(adding ? change.to : null);
  const dueNow = preview.data ? money(preview.data.amountCents, preview.data.currency) : null;
  const monthly = change ? money(preview.data?.monthlyCents ?? teamMonthlyCents(change.to, change.seatCents)) : "";
  const seats = (n: number) => m.team_seat_count({ count: n });
  const waiting = adding && !dueNow;
  return (
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        {change && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {change.to === change.from
                  ? m.team_seats_keep_title({ count: change.to })
                  : m.team_seats_change_title({ count: change.to })}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {adding
                  ? m.team_seats_add_body({ from: seats(change.from), to: seats(change.to), monthly })
                  : change.to < change.from
                    ? m.team_seats_reduce_body({ from: seats(change.from), to: seats(change.to), date: change.periodEnd, monthly })
                    : m.team_seats_drop_body({ to: seats(change.to), monthly })}
              </AlertDialogDescription>
              {adding && (
                <p className="text-sm font-medium" role="status" aria-live="polite">
                  {dueNow
                    ? m.billing_charged_today({ amount: dueNow })
                    : preview.isError
                      ? errorMessage(preview.error, m.billing_amount_error())
                      : m.billing_amount_working()}
                </p>
              )}
              {adding && dueNow && <p className="text-sm">{m.team_seats_then({ monthly, seats: seats(change.to) })}</p>}
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{m.common_cancel()}</AlertDialogCancel>
              <AlertDialogAction disabled={waiting} onClick={() => onConfirm(change.to)}>
                {adding ? (dueNow ? m.team_confirm_pay_amount({ amount: dueNow }) : m.team_confirm_pay()) : m.common_confirm()}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
