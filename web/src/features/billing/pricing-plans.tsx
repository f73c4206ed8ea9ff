import { useState } from "react";
import { useLocation } from "wouter";
import { errorCode, errorText, errorStatus } from "@/api/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DueToday } from "@/shared/billing/due-today";
import { PlanFeatures } from "@/components/marketing/plan-features";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { planById, planCardLine, teamCoversYou } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { useAuth } from "@/shared/auth/auth-context";
import { trackInitiateCheckout } from "@/shared/pixel/pixel";
import { useSubscription, type Subscription } from "@/shared/api/get-subscription";
import { teamCoverOf, useMyTeam } from "@/shared/api/get-my-team";
import { useChangeSubscription } from "./api/change-subscription";
import { useCreateCheckoutSession } from "./api/create-checkout-session";
import { usePlans, type Plan } from "@/shared/api/get-plans";
import { useUpgradePreview } from "./api/get-upgrade-preview";
import { ManageBillingButton } from "./manage-billing-button";
import { euros, longDate, planAction, type PlanAction } from "./plan-rules";

/** How long 'Subscription Upgraded!' stays readable before the page reloads (SPEC §8). */
const RELOAD_AFTER_UPGRADE_MS = 1500;

const ACTION_LABELS: Record<PlanAction, string> = {
  checkout: "Subscribe",
  current: "Your Plan",
  upgrade: "Upgrade",
  downgrade: "Downgrade",
};

type Pending = { plan: Plan; kind: "upgrade" | "downgrade" } | null;

/** The three plan cards of /pricing with the right action on each (SPEC §2 Pricing, §4 Plans, §8). */
export function PricingPlans() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const plans = usePlans();
  const { data: subscription, isLoading: subscriptionLoading, isError: subscriptionFailed } = useSubscription();
  const checkout = useCreateCheckoutSession();
  const change = useChangeSubscription();
  const [pending, setPending] = useState<Pending>(null);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  // a team's live Team plan covers its owner and members: no plan of their own is offered (decision 212)
  const cover = teamCoverOf(useMyTeam().data);
  const liveOwnPlan = subscription && subscription.status !== "canceled";

  function requireSignIn(): boolean {
    if (user) return true;
    toast({ variant: "destructive", title: "Authentication Required", description: "Please log in to subscribe" });
    navigate(paths.home);
    return false;
  }

  async function startCheckout(plan: Plan) {
    if (!requireSignIn() || !plan.priceId) return;
    setBusyPlan(plan.id);
    try {
      const result = await checkout.mutateAsync(plan.priceId);
      if (result.type !== "checkout") {
        toast({ variant: "destructive", title: "Unexpected response type", description: "Please reload the page and try again." });
      } else if (!result.url) {
        toast({ variant: "destructive", title: "No checkout URL received", description: "Please try again in a moment." });
      } else {
        trackInitiateCheckout(plan.id, plan);
        window.location.assign(result.url);
        return; // keep the button busy while the browser leaves
      }
    } catch (err) {
      if (errorStatus(err) === 401) requireSignIn();
      else toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, "Failed to create checkout session") });
    }
    setBusyPlan(null);
  }

  async function confirmChange(target: NonNullable<Pending>) {
    setPending(null);
    if (!requireSignIn() || !target.plan.priceId) return;
    setBusyPlan(target.plan.id);
    try {
      const result = await change.mutateAsync(target.plan.priceId);
      if (result.type === "upgrade") {
        toast({ title: "Subscription Upgraded!", description: result.message });
        setTimeout(() => window.location.reload(), RELOAD_AFTER_UPGRADE_MS);
        return;
      }
      if (result.type === "downgrade") toast({ title: "Downgrade Scheduled", description: result.message });
      else if (result.type === "checkout" && result.url) {
        trackInitiateCheckout(target.plan.id, target.plan);
        window.location.assign(result.url);
        return;
      } else if (result.type === "checkout")
        toast({ variant: "destructive", title: "No checkout URL received", description: "Please try again in a moment." });
      else toast({ variant: "destructive", title: "Unexpected response type", description: "Please reload the page and try again." });
    } catch (err) {
      if (errorStatus(err) === 401) requireSignIn();
      else if (errorCode(err) === "already_subscribed")
        toast({ title: "Already Subscribed", description: errorText(err, "You're already on this plan.") });
      else {
        const fallback = target.kind === "downgrade" ? "Failed to schedule downgrade" : "Failed to upgrade subscription";
        toast({ variant: "destructive", title: "Operation Failed", description: errorText(err, fallback) });
      }
    }
    setBusyPlan(null);
  }

  function onChoose(plan: Plan, action: PlanAction) {
    if (action === "current") {
      toast({ title: "Already Subscribed", description: `You're already on the ${plan.name} plan.` });
    } else if (action === "checkout") {
      void startCheckout(plan);
    } else {
      setPending({ plan, kind: action });
    }
  }

  if (plans.isLoading || subscriptionLoading) return <Spinner label="Loading plans" className="mx-auto my-12" />;
  if (plans.isError || subscriptionFailed || !plans.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We couldn't load the plans</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>Please check your connection and try again.</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }
  if (plans.data.some((p) => !p.priceId)) {
    return (
      <Alert variant="warning">
        <AlertTitle>Payments are not available right now</AlertTitle>
        <AlertDescription>Please try again later.</AlertDescription>
      </Alert>
    );
  }

  return (
    <>
      {subscription?.status === "past_due" && (
        <Alert variant="warning">
          <AlertTitle>Your last payment failed</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>Update your card to continue your {planById(subscription.planType).name} plan; paid features are paused until then.</p>
            <div>
              <ManageBillingButton />
            </div>
          </AlertDescription>
        </Alert>
      )}
      {cover && (
        <Alert role="status">
          <AlertTitle>Your team's plan covers you</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{teamCoversYou(cover)}</p>
            <div>
              <Button asChild variant="outline" size="sm">
                <a href={paths.team}>Open the team page</a>
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-6 md:grid-cols-3" aria-label="Plans">
        {plans.data.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              subscription={subscription}
              busy={busyPlan === plan.id}
              disabled={busyPlan !== null}
              covered={Boolean(cover) && !liveOwnPlan}
              onChoose={onChoose}
            />
          </li>
        ))}
      </ul>
      <ChangeDialog
        pending={pending}
        subscription={subscription}
        onCancel={() => setPending(null)}
        onConfirm={(p) => void confirmChange(p)}
      />
    </>
  );
}

function PlanCard({
  plan,
  subscription,
  busy,
  disabled,
  covered,
  onChoose,
}: {
  plan: Plan;
  subscription: Subscription | undefined;
  busy: boolean;
  disabled: boolean;
  /** covered by a team's plan: the card shows the plan, and no button to buy it */
  covered: boolean;
  onChoose: (plan: Plan, action: PlanAction) => void;
}) {
  const action = planAction(plan.id, subscription);
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        "relative flex w-full flex-col",
        plan.popular && "border-primary shadow-md",
        action === "current" && "ring-2 ring-primary",
      )}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={titleId} className="text-xl">
            {plan.name}
          </CardTitle>
          {plan.popular && <Badge>Most Popular</Badge>}
          {action === "current" && <Badge variant="success">Current Plan</Badge>}
        </div>
        <CardDescription>{planCardLine(plan)}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        <p>
          <span className="text-4xl font-bold tracking-tight">{euros(plan.amountCents, plan.currency)}</span>
          <span className="text-muted-foreground"> / {plan.period}</span>
          <span className="block text-sm text-muted-foreground">€{plan.dailyPrice} per day</span>
          {plan.upcoming && (
            <span className="mt-1 block text-sm font-medium">
              From{" "}
              {new Date(plan.upcoming.effectiveDate).toLocaleDateString("en-US", {
                year: "numeric",
                month: "long",
                day: "numeric",
                timeZone: "UTC",
              })}
              : {euros(plan.upcoming.amountCents, plan.currency)} / {plan.period}
            </span>
          )}
        </p>
        <PlanFeatures plan={plan.id} features={plan.features} label={`${plan.name} includes`} className="gap-2" />
      </CardContent>
      <CardFooter>
        {covered ? (
          <p className="w-full text-center text-sm text-muted-foreground">Included in your team's plan</p>
        ) : (
          <Button
            className="w-full"
            variant={action === "current" ? "outline" : plan.popular ? "default" : "secondary"}
            disabled={disabled}
            aria-label={`${ACTION_LABELS[action]}: ${plan.name}`}
            onClick={() => onChoose(plan, action)}
          >
            {busy ? "Please wait..." : ACTION_LABELS[action]}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * Upgrade: the prorated difference is charged at once, and the dialog says exactly how much (Stripe's
 * invoice preview of the very change) before the person confirms. Downgrade: nothing now, the new plan
 * from the period end.
 */
function ChangeDialog({
  pending,
  subscription,
  onCancel,
  onConfirm,
}: {
  pending: Pending;
  subscription: Subscription | undefined;
  onCancel: () => void;
  onConfirm: (p: NonNullable<Pending>) => void;
}) {
  const current = subscription ? planById(subscription.planType) : undefined;
  const periodEnd = subscription?.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : "the end of your billing period";
  const target = pending?.plan;
  const preview = useUpgradePreview(pending?.kind === "upgrade" ? (target?.priceId ?? null) : null);
  const dueNow = preview.data ? euros(preview.data.amountCents, preview.data.currency) : null;
  const waiting = pending?.kind === "upgrade" && !dueNow;
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onCancel}
      title={target && (pending?.kind === "upgrade" ? `Upgrade to ${target.name}?` : `Downgrade to ${target.name}?`)}
      description={
        target &&
        (pending?.kind === "upgrade"
          ? `Your plan changes to ${target.name} (${euros(target.amountCents, target.currency)} per ${target.period}) right away. Your card is charged today for the prorated difference from your ${current?.name ?? "current"} plan, and ${euros(target.amountCents, target.currency)} per ${target.period} after that.`
          : `You keep your ${current?.name ?? "current"} plan until ${periodEnd}. From ${periodEnd} you'll be on ${target.name} at ${euros(target.amountCents, target.currency)} per ${target.period}. Nothing is charged today.`)
      }
      cancel="Keep current plan"
      action={pending?.kind === "upgrade" ? (dueNow ? `Upgrade and pay ${dueNow} now` : "Upgrade and pay now") : "Schedule downgrade"}
      pending={false}
      confirmDisabled={waiting}
      onConfirm={() => pending && onConfirm(pending)}
    >
      {pending?.kind === "upgrade" && <DueToday dueNow={dueNow} preview={preview} />}
    </ConfirmDialog>
  );
}
