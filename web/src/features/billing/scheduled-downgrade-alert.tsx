import { useId } from "react";
import { CalendarClock } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { planById } from "@/lib/domain";
import { useCancelScheduledDowngrade } from "./api/cancel-scheduled-downgrade";
import { useScheduledDowngrade } from "./api/get-scheduled-downgrade";
import { longDate } from "./plan-rules";

/** The scheduled downgrade (SPEC §2 Pricing and Account) with its cancel button; nothing when none is scheduled. */
export function ScheduledDowngradeAlert() {
  const { data: downgrade } = useScheduledDowngrade();
  const cancel = useCancelScheduledDowngrade();
  const titleId = useId();
  if (!downgrade) return null;
  const target = planById(downgrade.targetPlanType).name;

  async function onCancel() {
    try {
      await cancel.mutateAsync();
      toast({ title: "Downgrade Cancelled", description: "You'll stay on your current plan." });
    } catch (err) {
      toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, "Failed to cancel the downgrade") });
    }
  }

  return (
    <Alert role="status" variant="info" aria-labelledby={titleId}>
      <CalendarClock className="size-4" aria-hidden="true" />
      <AlertTitle id={titleId}>Downgrade scheduled</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          Your plan changes to {target} on {longDate(downgrade.effectiveDate)}. Until then you keep your current plan.
        </p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void onCancel()} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel Downgrade"}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
