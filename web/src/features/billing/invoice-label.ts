import { billingPlanById, count, isTeamPlan, type ApiInvoice } from "@/lib/domain";

const day = (iso: string, year: boolean) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", ...(year ? { year: "numeric" } : {}), timeZone: "UTC" });

/**
 * What an invoice is for, in words (issue 37): "Monthly plan, Nov 1 – Dec 1, 2026", or for a team's
 * owner "Team plan, 4 seats, Nov 1 – Dec 1, 2026". "Subscription" only for a price that is not ours.
 */
export function invoiceLabel(invoice: Pick<ApiInvoice, "planType" | "seats" | "periodStart" | "periodEnd">): string {
  if (!invoice.planType) return "Subscription";
  const parts = [`${billingPlanById(invoice.planType).name} plan`];
  if (isTeamPlan(invoice.planType) && invoice.seats) parts.push(count(invoice.seats, "seat"));
  if (invoice.periodStart && invoice.periodEnd) parts.push(`${day(invoice.periodStart, false)} – ${day(invoice.periodEnd, true)}`);
  return parts.join(", ");
}
