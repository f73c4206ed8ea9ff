import { isTeamPlan, type ApiInvoice } from "@/lib/domain";
import { formatDate, getLocale, m } from "@/lib/copy";
import { planName } from "@/shared/billing/plan-words";

/** A period's day, in UTC as Stripe keeps it: "1 Nov", or with its year "1 Dec 2026". */
const day = (iso: string, year: boolean) => formatDate(iso, getLocale(), year ? "medium" : "day-month", { timeZone: "UTC" });

/**
 * What an invoice is for, in words (issue 37): "Monthly plan, 1 Nov – 1 Dec 2026", or for a team's
 * owner "Team plan, 4 seats, 1 Nov – 1 Dec 2026". "Subscription" only for a price that is not ours.
 */
export function invoiceLabel(invoice: Pick<ApiInvoice, "planType" | "seats" | "periodStart" | "periodEnd">): string {
  if (!invoice.planType) return m.billing_subscription();
  const plan = planName(invoice.planType);
  const period =
    invoice.periodStart && invoice.periodEnd ? { start: day(invoice.periodStart, false), end: day(invoice.periodEnd, true) } : null;
  if (isTeamPlan(invoice.planType) && invoice.seats) {
    const count = invoice.seats;
    return period ? m.billing_invoice_plan_seats_period({ plan, count, ...period }) : m.billing_invoice_plan_seats({ plan, count });
  }
  return period ? m.billing_invoice_plan_period({ plan, ...period }) : m.billing_invoice_plan({ plan });
}
