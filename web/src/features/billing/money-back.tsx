import { useState } from "react";
import { errorText } from "@/api/client";
import { MONEY_BACK_DAYS } from "@/lib/domain";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useRefundEligibility } from "./api/get-refund-eligibility";
import { useRequestRefund } from "./api/request-refund";
import { euros, longDate } from "./plan-rules";

/**
 * The 30-day money-back request (SPEC §1), shown only while the server says it applies (first
 * subscription, within 30 days, no renewal yet); POST /api/stripe/refund decides again.
 */
export function MoneyBack() {
  const { data: offer } = useRefundEligibility();
  const refund = useRequestRefund();
  const [asking, setAsking] = useState(false);
  if (!offer?.eligible) return null;
  const amount = euros(offer.amountCents, offer.currency);

  async function onConfirm() {
    try {
      const result = await refund.mutateAsync();
      toast({ title: "Refund Issued", description: result.message });
    } catch (err) {
      toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, "Failed to request the refund") });
    }
  }

  return (
    <section aria-labelledby="money-back-title" className="grid gap-2 rounded-lg border p-4">
      <h3 id="money-back-title" className="font-semibold">
        {MONEY_BACK_DAYS}-day money-back guarantee
      </h3>
      <p className="text-sm text-muted-foreground">
        Not happy? Until {longDate(offer.until)} you can get {amount} back: every payment of your first subscription so far. Your
        subscription ends at once.
      </p>
      <div>
        <Button variant="outline" disabled={refund.isPending} onClick={() => setAsking(true)}>
          {refund.isPending ? "Refunding..." : "Request a refund"}
        </Button>
        <ConfirmDialog
          open={asking}
          onClose={() => setAsking(false)}
          title={`Refund ${amount}?`}
          description={`We refund ${amount} to your card and end your subscription now: unlimited generations, high-resolution downloads and watermark-free results stop immediately. This cannot be undone.`}
          cancel="Keep my subscription"
          action="Refund and cancel"
          pending={false}
          onConfirm={() => {
            setAsking(false);
            void onConfirm();
          }}
        />
      </div>
    </section>
  );
}
