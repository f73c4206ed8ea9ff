import { errorText } from "@/api/client";

/**
 * What a change charges today, as Stripe's preview says once it has come (a plan upgrade, added seats): said
 * politely to screen readers as it arrives; the preview's failure in its words.
 */
export function DueToday({ dueNow, preview }: { dueNow: string | null; preview: { isError: boolean; error: unknown } }) {
  return (
    <p className="text-sm font-medium" role="status" aria-live="polite">
      {dueNow
        ? `Charged today: ${dueNow}`
        : preview.isError
          ? errorText(preview.error, "We couldn't work out today's amount. Please try again.")
          : "Working out today's amount..."}
    </p>
  );
}
