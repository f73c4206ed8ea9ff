import { useId } from "react";
import { CalendarClock } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { m } from "@/lib/copy";
import { planName } from "@/shared/billing/plan-words";
import { useCancelScheduledDowngrade } from "./api/cancel-scheduled-downgrade";
import { useScheduledDowngrade } from "./api/get-scheduled-downgrade";
import { longDate } from "./plan-rules";

/** The scheduled downgrade (SPEC §2 Pricing and Account) with its cancel button; nothing when none is scheduled. */
export function ScheduledDowngradeAlert() {
  const { data: downgrade } = useScheduledDowngrade();
  const cancel = useCancelScheduledDowngrade();
  const titleId = useId();
  if (!downgrade) return null;
  const target = planName(downgrade.targetPlanType);

  async function onCancel() {
    try {
      await cancel.mutateAsync();
      toast({ title: m.billing_downgrade_cancelled_title(), description: m.billing_downgrade_cancelled_body() });
    } catch (err) {
      toast({
        variant: "destructive",
        title: m.common_operation_failed(),
        description: errorText(err, m.billing_downgrade_cancel_failed()),
      });
    }
  }

  return (
    <Alert role="status" variant="info" aria-labelledby={titleId}>
      <CalendarClock className="size-4" aria-hidden="true" />
      <AlertTitle id={titleId}>{m.billing_downgrade_scheduled_title()}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{m.billing_downgrade_scheduled_body({ plan: target, date: longDate(downgrade.effectiveDate) })}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void onCancel()} disabled={cancel.isPending}>
            {cancel.isPending ? m.billing_downgrade_cancelling() : m.billing_downgrade_cancel()}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
