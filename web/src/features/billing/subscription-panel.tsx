import type { ReactNode } from "react";
import { Link } from "wouter";
import { CreditCard } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { isActiveSubscription, useSubscription } from "@/shared/api/get-subscription";
import { teamCoverOf, useMyTeam } from "@/shared/api/get-my-team";
import { fairUseAllPlans, planName, teamCoversYou } from "@/shared/billing/plan-words";
import { ManageBillingButton } from "./manage-billing-button";
import { MoneyBack } from "./money-back";
import { longDate } from "./plan-rules";
import { statusWords } from "@/shared/billing/status-words";
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
        <CardTitle>{m.billing_subscription()}</CardTitle>
        <CardDescription>{m.billing_subscription_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <Spinner label={m.billing_subscription_loading()} />
        ) : isError ? (
          <Alert variant="destructive">
            <AlertTitle>{m.billing_subscription_error()}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" onClick={() => void refetch()}>
                {m.common_try_again()}
              </Button>
            </AlertDescription>
          </Alert>
        ) : sub && live ? (
          <>
            <dl className="grid gap-3">
              <Field label={m.billing_field_plan()} value={planName(sub.planType)} />
              <Field
                label={m.billing_field_status()}
                value={<Badge variant={entitled ? "success" : "destructive"}>{statusWords({ status: sub.status, entitled })}</Badge>}
              />
              <Field
                label={sub.cancelAtPeriodEnd ? m.billing_field_access_until() : m.billing_field_next_billing()}
                value={sub.currentPeriodEnd ? longDate(sub.currentPeriodEnd) : "—"}
              />
            </dl>
            {sub.cancelAtPeriodEnd && <p className="text-sm text-muted-foreground">{m.billing_subscription_canceled_note()}</p>}
            {sub.status === "past_due" && (
              <Alert variant="warning">
                <AlertTitle>{m.billing_payment_failed_title()}</AlertTitle>
                <AlertDescription>{m.billing_payment_failed_account()}</AlertDescription>
              </Alert>
            )}
            <ScheduledDowngradeAlert />
          </>
        ) : cover ? (
          <>
            <dl className="grid gap-3">
              <Field label={m.billing_field_plan()} value={m.billing_field_team_plan({ team: cover.teamName })} />
            </dl>
            <p className="text-sm text-muted-foreground">{teamCoversYou(cover)}</p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{m.billing_free_plan_note({ fairUse: fairUseAllPlans() })}</p>
        )}
        <div className="flex flex-wrap gap-3">
          {cover && !live ? (
            <Button asChild variant="outline">
              <Link href={paths.team}>{m.billing_open_team_page()}</Link>
            </Button>
          ) : (
            <Button asChild variant={entitled ? "outline" : "default"}>
              <Link href={paths.pricing}>
                <CreditCard aria-hidden="true" /> {m.billing_change_plan()}
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
