import { errorText } from "@/api/client";
import { m } from "@/lib/copy";

/**
 * What a change charges today, as Stripe's preview says once it has come (a plan upgrade, added seats): said
 * politely to screen readers as it arrives; the preview's failure in its words.
 */
export function DueToday({ dueNow, preview }: { dueNow: string | null; preview: { isError: boolean; error: unknown } }) {
  return (
    <p className="text-sm font-medium" role="status" aria-live="polite">
      {dueNow
        ? m.billing_charged_today({ amount: dueNow })
        : preview.isError
          ? errorText(preview.error, m.billing_amount_error())
          : m.billing_amount_working()}
    </p>
  );
}
