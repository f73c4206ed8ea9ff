import { PlanFeatures } from "@/components/marketing/plan-features";
import { buttonVariants } from "@/components/ui/button-variants";
import { MONEY_BACK_DAYS, PLANS, SAVING_PLAN, euros, planCardLine } from "../../../../domain/plans";
import { clsx as cn } from "clsx";

/**
 * The three plans from domain/plans.ts (the same features as /pricing). Built with the launch prices; the
 * worker writes today's price into the data-live parts once a price change is in effect (decision 093).
 */
export function PricingCards({ ctaHref }: { ctaHref: string }) {
  return (
    <>
      <ul className="grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm",
              plan.popular && "border-primary shadow-lg ring-1 ring-primary",
            )}
          >
            {plan.popular && (
              <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                Most Popular
              </p>
            )}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p
              className="mt-1 text-sm text-muted-foreground"
              data-live={plan.id === SAVING_PLAN ? `description-${SAVING_PLAN}` : undefined}
            >
              {planCardLine(plan)}
            </p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight" data-live={`price-${plan.id}`}>
                {euros(plan.priceCents)}
              </span>
              <span className="text-muted-foreground">/ {plan.period}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground" data-live={`daily-${plan.id}`}>
              €{plan.dailyPrice} per day
            </p>
            <PlanFeatures plan={plan.id} features={plan.features} className="mt-6 gap-2.5" />
            <a href={ctaHref} className={cn(buttonVariants({ variant: plan.popular ? "default" : "outline", size: "lg" }), "mt-8 w-full")}>
              Choose {plan.name}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {MONEY_BACK_DAYS}-day money-back guarantee on new subscriptions · Cancel anytime from your account settings · Prices in EUR
      </p>
    </>
  );
}
