import { useSearch } from "wouter";
import { RotateCcw, ShieldCheck } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AppShell } from "./app-shell";
import { MONEY_BACK_DAYS, STYLES } from "@/lib/domain";
import { m } from "@/lib/copy";
import { fairUseAllPlans } from "@/shared/billing/plan-words";
import { PricingPlans } from "@/features/billing/pricing-plans";
import { ScheduledDowngradeAlert } from "@/features/billing/scheduled-downgrade-alert";
import { TeamPlanCard } from "@/features/billing/team-plan-card";

/** /pricing (SPEC §2 Pricing): the plans, the scheduled downgrade, the money-back and cancel-anytime notes. */
export function PricingPage() {
  const canceled = new URLSearchParams(useSearch()).get("checkout") === "canceled";
  return (
    <AppShell title={m.billing_pricing_title()} section="pricing">
      <div className="grid gap-8">
        <div className="text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{m.billing_pricing_heading()}</h2>
          <p className="mt-2 text-muted-foreground">{m.billing_pricing_intro({ styles: STYLES.length, fairUse: fairUseAllPlans() })}</p>
        </div>
        {canceled && (
          <Alert role="status" variant="info">
            <AlertTitle>{m.billing_checkout_canceled_title()}</AlertTitle>
            <AlertDescription>{m.billing_checkout_canceled_body()}</AlertDescription>
          </Alert>
        )}
        <ScheduledDowngradeAlert />
        <PricingPlans />
        <TeamPlanCard />
        <div className="grid gap-4 text-sm text-muted-foreground sm:grid-cols-2">
          <p className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <strong className="text-foreground">{m.billing_money_back_title({ days: MONEY_BACK_DAYS })}</strong>{" "}
              {m.billing_pricing_money_back_after({ days: MONEY_BACK_DAYS })}
            </span>
          </p>
          <p className="flex items-start gap-2">
            <RotateCcw className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <strong className="text-foreground">{m.billing_cancel_anytime()}</strong> {m.billing_cancel_anytime_after()}
            </span>
          </p>
        </div>
      </div>
    </AppShell>
  );
}
