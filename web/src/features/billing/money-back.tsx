import { errorMessage } from "@/api/client";
import { MONEY_BACK_DAYS } from "@/lib/domain";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
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
  if (!offer?.eligible) return null;
  const amount = euros(offer.amountCents, offer.currency);

  async function onConfirm() {
    try {
      const result = await refund.mutateAsync();
      toast({ title: m.billing_refund_issued(), description: result.message });
    } catch (err) {
      toast({ variant: "destructive", title: m.common_operation_failed(), description: errorMessage(err, m.billing_refund_failed()) });
    }
  }

  return (
    <section aria-labelledby="money-back-title" className="grid gap-2 rounded-lg border p-4">
      <h3 id="money-back-title" className="font-semibold">
        {m.billing_money_back_title({ days: MONEY_BACK_DAYS })}
      </h3>
      <p className="text-sm text-muted-foreground">{m.billing_money_back_body({ date: longDate(offer.until), amount })}</p>
      <div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={refund.isPending}>
              {refund.isPending ? m.billing_refunding() : m.billing_refund_request()}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{m.billing_refund_confirm_title({ amount })}</AlertDialogTitle>
              <AlertDialogDescription>{m.billing_refund_confirm_body({ amount })}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{m.billing_refund_keep()}</AlertDialogCancel>
              <AlertDialogAction onClick={() => void onConfirm()}>{m.billing_refund_confirm()}</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </section>
  );
}
