import type { ReactNode } from "react";
import { Link } from "wouter";
import { CreditCard } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { FAIR_USE_ALL_PLANS, planById, teamCoversYou } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { isActiveSubscription, useSubscription } from "@/shared/api/get-subscription";
import { teamCoverOf, useMyTeam } from "@/shared/api/get-my-team";
import { ManageBillingButton } from "./manage-billing-button";
import { MoneyBack } from "./money-back";
import { longDate, statusLabel } from "./plan-rules";
import { ScheduledDowngradeAlert } from "./scheduled-downgrade-alert";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{value}</dd>
    </div>
  );
}

/** /account's subscription card (SPEC §2 Account): plan, status, next billing date, Change Plan, Manage Billing (the spec's Manage Account, decision 106). */
export function SubscriptionPanel() {
  const { data: sub, isLoading, isError, refetch } = useSubscription();
  const entitled = isActiveSubscription(sub);
  const live = sub && sub.status !== "canceled";
  const cover = teamCoverOf(useMyTeam().data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>Your plan and billing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <Spinner label="Loading subscription" />
        ) : isError ? (
          <Alert variant="destructive">
            <AlertTitle>We couldn't load your subscription</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" onClick={() => void refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : sub && live ? (
          <>
            <dl className="grid gap-3">
              <Field label="Plan" value={planById(sub.planType).name} />
              <Field label="Status" value={<Badge variant={entitled ? "success" : "destructive"}>{statusLabel(sub.status)}</Badge>} />
              <Field
                label={sub.cancelAtPeriodEnd ? "Access until" : "Next billing date"}
                value={sub.currentPeriodEnd ? longDate(sub.currentPeriodEnd) : "—"}
              />
            </dl>
            {sub.cancelAtPeriodEnd && (
              <p className="text-sm text-muted-foreground">
                Your subscription is canceled and won't renew. You keep access until the end of the period. Changed your mind? Renew it in
                Manage Billing.
              </p>
            )}
            {sub.status === "past_due" && (
              <Alert variant="warning">
                <AlertTitle>Your last payment failed</AlertTitle>
                <AlertDescription>
                  Paid features are paused until it goes through. Update your card in Manage Billing; we retry automatically.
                </AlertDescription>
              </Alert>
            )}
            <ScheduledDowngradeAlert />
          </>
        ) : cover ? (
          <>
            <dl className="grid gap-3">
              <Field label="Plan" value={`Team plan — ${cover.teamName}`} />
            </dl>
            <p className="text-sm text-muted-foreground">{teamCoversYou(cover)}</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            You're on the free plan. Subscribe for unlimited generations ({FAIR_USE_ALL_PLANS}), high-resolution downloads and no watermark.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {cover && !live ? (
            <Button asChild variant="outline">
              <Link href={paths.team}>Open the team page</Link>
            </Button>
          ) : (
            <Button asChild variant={entitled ? "outline" : "default"}>
              <Link href={paths.pricing}>
                <CreditCard aria-hidden="true" /> Change Plan
              </Link>
            </Button>
          )}
          {sub && <ManageBillingButton />}
        </div>
        {entitled && <MoneyBack />}
      </CardContent>
    </Card>
  );
}
