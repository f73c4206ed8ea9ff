import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import {
  BILLING_PLANS,
  PLANS,
  PRICE_CHANGE_NOTICE_DAYS,
  billingPlanById,
  type BillingPlan,
  type SchedulePriceChangeBody,
} from "@/lib/domain";
import { usePriceChanges, useSchedulePriceChange, useWithdrawPriceChange } from "./api/price-changes";
import { AdminTable } from "./admin-table";
import { Panel, QueryState } from "./figure";
import { formatCount, formatDateTime, formatEuroCents } from "./format";

/** A calendar day (YYYY-MM-DD, midnight UTC) as people read it: "January 1, 2027". */
const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "34.99" or "34,99" → 3499 cents; null when it is not an amount. */
export function euroInputToCents(value: string): number | null {
  const normalized = value.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/**
 * Price changes (issue 22; decision 093): the operator schedules a plan's new price from a day at least
 * 30 days ahead — every subscriber of the plan is emailed at once — and sees every change scheduled.
 * The server checks every rule; its sentence is shown under the form.
 */
export function PriceChangesPanel() {
  const query = usePriceChanges();
  const schedule = useSchedulePriceChange();
  const [planType, setPlanType] = useState<BillingPlan>(PLANS.find((p) => p.popular)!.id);
  const [amount, setAmount] = useState("");
  const [day, setDay] = useState("");
  const [pending, setPending] = useState<SchedulePriceChangeBody | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const earliest = query.data?.earliestEffectiveDate ?? "";
  const latest = query.data?.latestEffectiveDate ?? "";
  const effectiveDate = day || earliest;
  const current = query.data?.currentPrices.find((p) => p.planType === planType)?.amountCents;

  const review = (e: FormEvent) => {
    e.preventDefault();
    const amountCents = euroInputToCents(amount);
    if (amountCents === null) {
      setProblem("Enter the new price in euros, for example 34.99.");
      return;
    }
    setProblem(null);
    setPending({ planType, amountCents, effectiveDate });
  };

  const confirm = () => {
    if (!pending) return;
    schedule.mutate(pending, {
      onSuccess: (change) => {
        setPending(null);
        setAmount("");
        setDay("");
        toast({
          title: "Price Change Scheduled",
          description: `${billingPlanById(change.planType).name}: ${formatEuroCents(change.newAmountCents)} from ${dayText(change.effectiveDate)}. ${formatCount(change.subscribersNotified)} subscribers were emailed.`,
        });
      },
      onError: (err) => {
        setPending(null);
        setProblem(errorText(err, "Failed to schedule the price change."));
      },
    });
  };

  return (
    <Panel
      title="Price Changes"
      description={`A new price reaches each subscriber at their first renewal on or after its date, which is at least ${PRICE_CHANGE_NOTICE_DAYS} days and at most a year ahead; every subscriber of the plan is emailed when it is scheduled.`}
    >
      <QueryState query={query} label="price changes">
        {(data) => (
          <div className="grid gap-6">
            <form
              className="grid gap-4 sm:grid-cols-[1fr_10rem_11rem_auto] sm:items-end"
              onSubmit={review}
              aria-label="Schedule a price change"
            >
              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">Plan</legend>
                <RadioGroup value={planType} onValueChange={(v) => setPlanType(v as BillingPlan)} className="flex flex-wrap gap-4">
                  {BILLING_PLANS.map((id) => (
                    <div key={id} className="flex items-center gap-2">
                      <RadioGroupItem value={id} id={`price-change-plan-${id}`} />
                      <Label htmlFor={`price-change-plan-${id}`} className="font-normal">
                        {billingPlanById(id).name}{" "}
                        <span className="text-muted-foreground">
                          ({formatEuroCents(data.currentPrices.find((c) => c.planType === id)?.amountCents ?? 0)}
                          {id === "team" ? " a seat" : ""})
                        </span>
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              </fieldset>
              <div className="grid gap-1.5">
                <Label htmlFor="price-change-amount">New price (€)</Label>
                <Input
                  id="price-change-amount"
                  inputMode="decimal"
                  placeholder={current ? (current / 100).toFixed(2) : "0.00"}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  required
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="price-change-date">From</Label>
                <Input
                  id="price-change-date"
                  type="date"
                  min={earliest}
                  max={latest}
                  aria-describedby="price-change-date-range"
                  value={effectiveDate}
                  onChange={(e) => setDay(e.target.value)}
                  required
                />
              </div>
              <Button type="submit" disabled={schedule.isPending || !amount}>
                Schedule Price Change
              </Button>
              <p id="price-change-date-range" className="text-sm text-muted-foreground sm:col-span-4">
                From {dayText(data.earliestEffectiveDate)} ({PRICE_CHANGE_NOTICE_DAYS} days' notice) to {dayText(data.latestEffectiveDate)}{" "}
                (a year ahead at most).
              </p>
            </form>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
            <PriceChangeList changes={data.priceChanges} />
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Schedule this price change?"
        description={
          pending &&
          `The ${billingPlanById(pending.planType).name} plan goes from ${current === undefined ? "its price" : formatEuroCents(current)} to ${formatEuroCents(pending.amountCents)} from ${dayText(pending.effectiveDate)}. Every subscriber of the plan is emailed now; this cannot be undone.`
        }
        action="Schedule and Email Subscribers"
        pendingAction="Scheduling..."
        pending={schedule.isPending}
        onConfirm={confirm}
      />
    </Panel>
  );
}

/** What the withdrawal's toast says of the emails, which are on their way rather than sent (decision 276). */
const withdrawalNews = (told: number) =>
  told === 0
    ? "Nobody had been told of it."
    : `Withdrawal emails are on their way to the ${formatCount(told)} ${told === 1 ? "subscriber" : "subscribers"} who had been told of it.`;

type Listed = NonNullable<ReturnType<typeof usePriceChanges>["data"]>["priceChanges"][number];

function PriceChangeList({ changes }: { changes: Listed[] }) {
  const withdraw = useWithdrawPriceChange();
  const [pending, setPending] = useState<Listed | null>(null);
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No price changes scheduled</p>;
  const confirm = () => {
    if (!pending) return;
    withdraw.mutate(pending.id, {
      onSuccess: (change) => {
        setPending(null);
        toast({
          title: "Price Change Withdrawn",
          // the answer comes before the emails: the chores queue sends them (decision 276)
          description: `${billingPlanById(change.planType).name} stays at ${formatEuroCents(change.oldAmountCents)}. ${withdrawalNews(change.subscribersNotified)}`,
        });
      },
      onError: (err) => {
        setPending(null);
        toast({
          title: "Could Not Withdraw",
          description: errorText(err, "Failed to withdraw the price change."),
          variant: "destructive",
        });
      },
    });
  };
  return (
    <>
      <AdminTable
        label="Scheduled price changes"
        caption="Scheduled price changes"
        columns={["Plan", "Price", "From", "Status", "Subscribers Emailed", "Scheduled", "Actions"]}
        className="min-w-[50rem]"
      >
        {changes.map((c) => (
          <tr key={c.id} className="border-t">
            <th scope="row" className="px-3 py-2.5 text-left font-medium">
              {billingPlanById(c.planType).name}
            </th>
            <td className="px-3 py-2.5 tabular-nums">
              {formatEuroCents(c.oldAmountCents)} → {formatEuroCents(c.newAmountCents)}
            </td>
            <td className="px-3 py-2.5">{dayText(c.effectiveDate)}</td>
            <td className="px-3 py-2.5">
              <Badge variant={c.inEffect ? "success" : "secondary"}>
                {c.withdrawnAt ? "Withdrawn" : c.inEffect ? "In effect" : "Scheduled"}
              </Badge>
              {c.status === "notifying" && <span className="ml-2 text-xs text-muted-foreground">emails still going out</span>}
            </td>
            <td className="px-3 py-2.5 tabular-nums">{formatCount(c.subscribersNotified)}</td>
            <td className="px-3 py-2.5 text-muted-foreground">
              {formatDateTime(c.createdAt)} by {c.createdBy}
            </td>
            <td className="px-3 py-2.5">
              {!c.withdrawnAt && !c.inEffect && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Withdraw the ${billingPlanById(c.planType).name} price change`}
                  onClick={() => setPending(c)}
                >
                  Withdraw
                </Button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Withdraw this price change?"
        description={
          pending &&
          `The ${billingPlanById(pending.planType).name} plan stays at ${formatEuroCents(pending.oldAmountCents)} instead of ${formatEuroCents(pending.newAmountCents)} from ${dayText(pending.effectiveDate)}. Each subscriber who was told is emailed that it is withdrawn. Refused once anyone has moved to the new price.`
        }
        action="Withdraw and Email Subscribers"
        pendingAction="Withdrawing..."
        pending={withdraw.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
