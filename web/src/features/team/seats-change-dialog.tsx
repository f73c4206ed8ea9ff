/**
 * Confirms a change of the team's seats before anything is charged, the way a person's plan upgrade does
 * (pricing-plans.tsx): adding seats shows what the card is charged today, from Stripe's invoice preview of
 * that very change, and the new monthly amount; removing seats says nothing is charged and when it applies.
 */
import { errorText } from "@/api/client";
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
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        {change && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {change.to === change.from ? `Keep ${count(change.to, "seat")}?` : `Change to ${count(change.to, "seat")}?`}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {adding
                  ? `The team goes from ${count(change.from, "seat")} to ${count(change.to, "seat")} right away. Your card is charged today for the added seats for the rest of this period, and ${monthly} per month after that.`
                  : change.to < change.from
                    ? `The team keeps ${count(change.from, "seat")} until ${change.periodEnd}. From ${change.periodEnd} it has ${count(change.to, "seat")} at ${monthly} per month. Nothing is charged today.`
                    : `The planned reduction is dropped: the team keeps ${count(change.to, "seat")} at ${monthly} per month. Nothing is charged today.`}
              </AlertDialogDescription>
              {adding && (
                <p className="text-sm font-medium" role="status" aria-live="polite">
                  {dueNow
                    ? `Charged today: ${dueNow}`
                    : preview.isError
                      ? errorText(preview.error, "We couldn't work out today's amount. Please try again.")
                      : "Working out today's amount..."}
                </p>
              )}
              {adding && dueNow && <p className="text-sm">{`Then ${monthly} per month for ${count(change.to, "seat")}.`}</p>}
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction disabled={waiting} onClick={() => onConfirm(change.to)}>
                {adding ? (dueNow ? `Confirm and pay ${dueNow} now` : "Confirm and pay now") : "Confirm"}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
