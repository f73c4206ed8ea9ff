import { useState } from "react";
import { errorText } from "@/api/client";
import { MONEY_BACK_DAYS } from "@/lib/domain";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { m } from "@/lib/copy";
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
      toast({ title: m.billing_refund_issued(), description: result.message });
    } catch (err) {
      toast({ variant: "destructive", title: m.common_operation_failed(), description: errorText(err, m.billing_refund_failed()) });
    }
  }

  return (
    <section aria-labelledby="money-back-title" className="grid gap-2 rounded-lg border p-4">
      <h3 id="money-back-title" className="font-semibold">
        {m.billing_money_back_title({ days: MONEY_BACK_DAYS })}
      </h3>
      <p className="text-sm text-muted-foreground">{m.billing_money_back_body({ date: longDate(offer.until), amount })}</p>
      <div>
        <Button variant="outline" disabled={refund.isPending} onClick={() => setAsking(true)}>
          {refund.isPending ? m.billing_refunding() : m.billing_refund_request()}
        </Button>
        <ConfirmDialog
          open={asking}
          onClose={() => setAsking(false)}
          title={m.billing_refund_confirm_title({ amount })}
          description={m.billing_refund_confirm_body({ amount })}
          cancel={m.billing_refund_keep()}
          action={m.billing_refund_confirm()}
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
