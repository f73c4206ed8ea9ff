import { useSearch } from "wouter";
import { RotateCcw, ShieldCheck } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { AppShell } from "./app-shell";
import { FAIR_USE_ALL_PLANS, MONEY_BACK_DAYS, STYLES } from "@/lib/domain";
import { PricingPlans } from "@/features/billing/pricing-plans";
import { ScheduledDowngradeAlert } from "@/features/billing/scheduled-downgrade-alert";
import { TeamPlanCard } from "@/features/billing/team-plan-card";

/** /pricing (SPEC §2 Pricing): the plans, the scheduled downgrade, the money-back and cancel-anytime notes. */
export function PricingPage() {
  const canceled = new URLSearchParams(useSearch()).get("checkout") === "canceled";
  return (
    <AppShell title="Pricing" section="pricing">
      <div className="grid gap-8">
        <div className="text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose your plan</h2>
          <p className="mt-2 text-muted-foreground">
            Unlimited AI headshots in all {STYLES.length} styles, without a watermark, in high resolution ({FAIR_USE_ALL_PLANS}).
          </p>
        </div>
        {canceled && (
          <Alert role="status" variant="info">
            <AlertTitle>Checkout canceled</AlertTitle>
            <AlertDescription>You haven't been charged. Pick a plan whenever you're ready.</AlertDescription>
          </Alert>
        )}
        <ScheduledDowngradeAlert />
        <PricingPlans />
        <TeamPlanCard />
        <div className="grid gap-4 text-sm text-muted-foreground sm:grid-cols-2">
          <p className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <strong className="text-foreground">{MONEY_BACK_DAYS}-day money-back guarantee</strong> on new subscriptions: ask for your
              first payment back from your account settings within {MONEY_BACK_DAYS} days. Renewals are not refunded.
            </span>
          </p>
          <p className="flex items-start gap-2">
            <RotateCcw className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <strong className="text-foreground">Cancel anytime</strong> from your account settings. You keep access until the end of the
              period you paid for; there are no partial refunds.
            </span>
          </p>
        </div>
      </div>
    </AppShell>
  );
}
