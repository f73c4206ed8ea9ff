/**
 * Confirms a change of the team's seats before anything is charged, the way a person's plan upgrade does
 * (pricing-plans.tsx): adding seats shows what the card is charged today, from Stripe's invoice preview of
 * that very change, and the new monthly amount; removing seats says nothing is charged and when it applies.
 */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DueToday } from "@/shared/billing/due-today";
import { euros, teamMonthlyCents } from "@/lib/domain";
import { count } from "../../../../domain/words";
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
  const dueNow = preview.data ? euros(preview.data.amountCents, preview.data.currency) : null;
  const monthly = change ? euros(preview.data?.monthlyCents ?? teamMonthlyCents(change.to, change.seatCents)) : "";
  const waiting = adding && !dueNow;
  return (
    <ConfirmDialog
      open={change !== null}
      onClose={onCancel}
      title={change && (change.to === change.from ? `Keep ${count(change.to, "seat")}?` : `Change to ${count(change.to, "seat")}?`)}
      description={
        change &&
        (adding
          ? `The team goes from ${count(change.from, "seat")} to ${count(change.to, "seat")} right away. Your card is charged today for the added seats for the rest of this period, and ${monthly} per month after that.`
          : change.to < change.from
            ? `The team keeps ${count(change.from, "seat")} until ${change.periodEnd}. From ${change.periodEnd} it has ${count(change.to, "seat")} at ${monthly} per month. Nothing is charged today.`
            : `The planned reduction is dropped: the team keeps ${count(change.to, "seat")} at ${monthly} per month. Nothing is charged today.`)
      }
      action={adding ? (dueNow ? `Confirm and pay ${dueNow} now` : "Confirm and pay now") : "Confirm"}
      pending={false}
      confirmDisabled={waiting}
      onConfirm={() => change && onConfirm(change.to)}
    >
      {adding && <DueToday dueNow={dueNow} preview={preview} />}
      {adding && dueNow && change && <p className="text-sm">{`Then ${monthly} per month for ${count(change.to, "seat")}.`}</p>}
    </ConfirmDialog>
  );
}
