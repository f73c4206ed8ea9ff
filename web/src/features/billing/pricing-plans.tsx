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
import { formatDate, getLocale, m } from "@/lib/copy";
import { cn } from "@/lib/utils";
import { useAuth } from "@/shared/auth/auth-context";
import { trackInitiateCheckout } from "@/shared/pixel/pixel";
import { useSubscription, type Subscription } from "@/shared/api/get-subscription";
import { teamCoverOf, useMyTeam } from "@/shared/api/get-my-team";
import { planCardLine, planName, pricePer, teamCoversYou } from "@/shared/billing/plan-words";
import { useChangeSubscription } from "./api/change-subscription";
import { useCreateCheckoutSession } from "./api/create-checkout-session";
import { usePlans, type Plan } from "@/shared/api/get-plans";
import { useUpgradePreview } from "./api/get-upgrade-preview";
import { ManageBillingButton } from "./manage-billing-button";
import { euros, longDate, planAction, type PlanAction } from "./plan-rules";

/** How long 'Subscription Upgraded!' stays readable before the page reloads (SPEC §8). */
const RELOAD_AFTER_UPGRADE_MS = 1500;

/** The actions a card's button takes; a canceled plan's cards say why they have none (`ending`, `renew-first`). */
type ButtonAction = Exclude<PlanAction, "ending" | "renew-first">;

const ACTION_LABELS: Record<ButtonAction, () => string> = {
  checkout: m.billing_action_subscribe,
  current: m.billing_action_current,
  upgrade: m.billing_action_upgrade,
  downgrade: m.billing_action_downgrade,
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
    toast({ variant: "destructive", title: m.billing_auth_required_title(), description: m.billing_auth_required_body() });
    navigate(paths.home);
    return false;
  }

  /** Canceled in another tab since the page loaded: the server's sentence says how to renew; the page redraws. */
  function refusedWhileCanceled(err: unknown) {
    toast({ title: m.billing_canceled_toast_title(), description: errorText(err, m.billing_canceled_toast_body()) });
  }

  async function startCheckout(plan: Plan) {
    if (!requireSignIn() || !plan.priceId) return;
    setBusyPlan(plan.id);
    try {
      const result = await checkout.mutateAsync(plan.priceId);
      if (result.type !== "checkout") {
        toast({ variant: "destructive", title: m.billing_unexpected_title(), description: m.billing_unexpected_body() });
      } else if (!result.url) {
        toast({ variant: "destructive", title: m.billing_no_checkout_url_title(), description: m.billing_try_in_a_moment() });
      } else {
        trackInitiateCheckout(plan.id, plan);
        window.location.assign(result.url);
        return; // keep the button busy while the browser leaves
      }
    } catch (err) {
      if (errorStatus(err) === 401) requireSignIn();
      else if (errorCode(err) === "subscription_canceled") refusedWhileCanceled(err);
      else
        toast({
          variant: "destructive",
          title: m.common_operation_failed(),
          description: errorText(err, m.billing_checkout_failed()),
        });
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
        toast({ title: m.billing_upgraded_title(), description: result.message });
        setTimeout(() => window.location.reload(), RELOAD_AFTER_UPGRADE_MS);
        return;
      }
      if (result.type === "downgrade") toast({ title: m.billing_downgrade_scheduled_toast(), description: result.message });
      else if (result.type === "checkout" && result.url) {
        trackInitiateCheckout(target.plan.id, target.plan);
        window.location.assign(result.url);
        return;
      } else if (result.type === "checkout")
        toast({ variant: "destructive", title: m.billing_no_checkout_url_title(), description: m.billing_try_in_a_moment() });
      else toast({ variant: "destructive", title: m.billing_unexpected_title(), description: m.billing_unexpected_body() });
    } catch (err) {
      if (errorStatus(err) === 401) requireSignIn();
      else if (errorCode(err) === "subscription_canceled") refusedWhileCanceled(err);
      else if (errorCode(err) === "already_subscribed")
        toast({ title: m.billing_already_subscribed_title(), description: errorText(err, m.billing_already_on_plan()) });
      else {
        const fallback = target.kind === "downgrade" ? m.billing_downgrade_failed() : m.billing_upgrade_failed();
        toast({ variant: "destructive", title: m.common_operation_failed(), description: errorText(err, fallback) });
      }
    }
    setBusyPlan(null);
  }

  function onChoose(plan: Plan, action: ButtonAction) {
    if (action === "current") {
      toast({ title: m.billing_already_subscribed_title(), description: m.billing_already_on_named_plan({ plan: planName(plan.id) }) });
    } else if (action === "checkout") {
      void startCheckout(plan);
    } else {
      setPending({ plan, kind: action });
    }
  }

  if (plans.isLoading || subscriptionLoading) return <Spinner label={m.billing_plans_loading()} className="mx-auto my-12" />;
  if (plans.isError || subscriptionFailed || !plans.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{m.billing_plans_error_title()}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{m.billing_plans_error_body()}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
              {m.common_try_again()}
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }
  const amounts = Object.fromEntries(plans.data.map((p) => [p.id, p.amountCents]));
  if (plans.data.some((p) => !p.priceId)) {
    return (
      <Alert variant="warning">
        <AlertTitle>{m.billing_payments_unavailable_title()}</AlertTitle>
        <AlertDescription>{m.common_please_try_again_later()}</AlertDescription>
      </Alert>
    );
  }

  return (
    <>
      {subscription?.status === "past_due" && (
        <Alert variant="warning">
          <AlertTitle>{m.billing_payment_failed_title()}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{m.billing_payment_failed_pricing({ plan: planName(subscription.planType) })}</p>
            <div>
              <ManageBillingButton />
            </div>
          </AlertDescription>
        </Alert>
      )}
      {subscription?.cancelAtPeriodEnd && planAction(subscription.planType, subscription) === "ending" && (
        <CanceledPlanAlert subscription={subscription} />
      )}
      {cover && (
        <Alert role="status">
          <AlertTitle>{m.billing_team_covers_title()}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{teamCoversYou(cover)}</p>
            <div>
              <Button asChild variant="outline" size="sm">
                <a href={paths.team}>{m.billing_open_team_page()}</a>
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-6 md:grid-cols-3" aria-label={m.billing_plans_label()}>
        {plans.data.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              amounts={amounts}
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
  amounts,
  subscription,
  busy,
  disabled,
  covered,
  onChoose,
}: {
  plan: Plan;
  /** every plan's price today, for the yearly card's saving */
  amounts: Partial<Record<Plan["id"], number>>;
  subscription: Subscription | undefined;
  busy: boolean;
  disabled: boolean;
  /** covered by a team's plan: the card shows the plan, and no button to buy it */
  covered: boolean;
  onChoose: (plan: Plan, action: ButtonAction) => void;
}) {
  const action = planAction(plan.id, subscription);
  const ends = subscription?.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : m.billing_period_end_fallback();
  const titleId = `plan-${plan.id}-title`;
  const name = planName(plan.id);
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        "relative flex w-full flex-col",
        plan.popular && "border-primary shadow-md",
        (action === "current" || action === "ending") && "ring-2 ring-primary",
      )}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={titleId} className="text-xl">
            {name}
          </CardTitle>
          {plan.popular && <Badge>{m.billing_most_popular()}</Badge>}
          {(action === "current" || action === "ending") && <Badge variant="success">{m.billing_current_plan()}</Badge>}
        </div>
        <CardDescription>{planCardLine(plan.id, amounts)}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        <p>
          <span className="text-4xl font-bold tracking-tight">{euros(plan.amountCents, plan.currency)}</span>
          <span className="text-muted-foreground"> {m.billing_per_period({ period: plan.period })}</span>
          <span className="block text-sm text-muted-foreground">
            {m.billing_price_per_day({ price: euros(Math.round(Number(plan.dailyPrice) * 100), plan.currency) })}
          </span>
          {plan.upcoming && (
            <span className="mt-1 block text-sm font-medium">
              {m.billing_price_from({
                date: formatDate(plan.upcoming.effectiveDate, getLocale(), "long", { timeZone: "UTC" }),
                price: euros(plan.upcoming.amountCents, plan.currency),
                period: plan.period,
              })}
            </span>
          )}
        </p>
        <PlanFeatures plan={plan.id} features={plan.features} label={m.billing_plan_includes({ plan: name })} className="gap-2" />
      </CardContent>
      <CardFooter>
        {covered ? (
          <p className="w-full text-center text-sm text-muted-foreground">{m.billing_included_in_team()}</p>
        ) : action === "ending" ? (
          <p className="w-full text-center text-sm font-medium">{m.billing_canceled_ends_on({ date: ends })}</p>
        ) : action === "renew-first" ? (
          <p className="w-full text-center text-sm text-muted-foreground">{m.billing_renew_first({ date: ends })}</p>
        ) : (
          <Button
            className="w-full"
            variant={action === "current" ? "outline" : plan.popular ? "default" : "secondary"}
            disabled={disabled}
            aria-label={m.billing_action_label({ action: ACTION_LABELS[action](), plan: name })}
            onClick={() => onChoose(plan, action)}
          >
            {busy ? m.common_please_wait() : ACTION_LABELS[action]()}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/**
 * A plan canceled at the period end (issue 46): when it ends, that nothing more is charged, and the way back
 * (Stripe's portal renews it: "Renew plan"). No plan change is offered meanwhile (decision 341).
 */
function CanceledPlanAlert({ subscription }: { subscription: NonNullable<Subscription> }) {
  const name = planName(subscription.planType);
  const ends = subscription.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : m.billing_period_end_fallback();
  return (
    <Alert role="status" variant="info">
      <AlertTitle>{m.billing_canceled_alert_title({ plan: name })}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{m.billing_canceled_alert_body({ date: ends })}</p>
        <div>
          <ManageBillingButton />
        </div>
      </AlertDescription>
    </Alert>
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
  const current = subscription ? planName(subscription.planType) : m.billing_plan_current_fallback();
  const periodEnd = subscription?.currentPeriodEnd ? longDate(subscription.currentPeriodEnd) : null;
  const target = pending?.plan;
  const targetName = target ? planName(target.id) : "";
  const targetPrice = target ? pricePer(target.amountCents, target.currency, target.period) : "";
  const preview = useUpgradePreview(pending?.kind === "upgrade" ? (target?.priceId ?? null) : null);
  const dueNow = preview.data ? euros(preview.data.amountCents, preview.data.currency) : null;
  const waiting = pending?.kind === "upgrade" && !dueNow;
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onCancel}
      title={
        target &&
        (pending?.kind === "upgrade" ? m.billing_upgrade_title({ plan: targetName }) : m.billing_downgrade_title({ plan: targetName }))
      }
      description={
        target &&
        (pending?.kind === "upgrade"
          ? m.billing_upgrade_body({ plan: targetName, pricePer: targetPrice, current })
          : periodEnd
            ? m.billing_downgrade_body({ plan: targetName, pricePer: targetPrice, current, date: periodEnd })
            : m.billing_downgrade_body_no_date({ plan: targetName, pricePer: targetPrice, current }))
      }
      cancel={m.billing_keep_current_plan()}
      action={
        pending?.kind === "upgrade"
          ? dueNow
            ? m.billing_upgrade_pay_amount({ amount: dueNow })
            : m.billing_upgrade_pay()
          : m.billing_schedule_downgrade()
      }
      pending={false}
      confirmDisabled={waiting}
      onConfirm={() => pending && onConfirm(pending)}
    >
      {pending?.kind === "upgrade" && <DueToday dueNow={dueNow} preview={preview} />}
    </ConfirmDialog>
  );
}
