/**
 * Confirms a change of the team's seats before anything is charged, the way a person's plan upgrade does
 * (pricing-plans.tsx): adding seats shows what the card is charged today, from Stripe's invoice preview of
 * that very change, and the new monthly amount; removing seats says nothing is charged and when it applies.
 */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DueToday } from "@/shared/billing/due-today";
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
    <ConfirmDialog
      open={change !== null}
      onClose={onCancel}
      title={
        change &&
        (change.to === change.from ? m.team_seats_keep_title({ count: change.to }) : m.team_seats_change_title({ count: change.to }))
      }
      description={
        change &&
        (adding
          ? m.team_seats_add_body({ from: seats(change.from), to: seats(change.to), monthly })
          : change.to < change.from
            ? m.team_seats_reduce_body({ from: seats(change.from), to: seats(change.to), date: change.periodEnd, monthly })
            : m.team_seats_drop_body({ to: seats(change.to), monthly }))
      }
      action={adding ? (dueNow ? m.team_confirm_pay_amount({ amount: dueNow }) : m.team_confirm_pay()) : m.common_confirm()}
      pending={false}
      confirmDisabled={waiting}
      onConfirm={() => change && onConfirm(change.to)}
    >
      {adding && <DueToday dueNow={dueNow} preview={preview} />}
      {adding && dueNow && change && <p className="text-sm">{m.team_seats_then({ monthly, seats: seats(change.to) })}</p>}
    </ConfirmDialog>
  );
}
