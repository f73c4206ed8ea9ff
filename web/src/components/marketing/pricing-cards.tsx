import { PlanFeatures } from "@/components/marketing/plan-features";
import { buttonVariants } from "@/components/ui/button-variants";
import { formatMoney, getLocale, m } from "@/lib/copy";
import { planCardLine, planName } from "@/shared/billing/plan-words";
import { CURRENCY, MONEY_BACK_DAYS, PLANS, SAVING_PLAN } from "../../../../domain/plans";
import { clsx as cn } from "clsx";

const PER_PERIOD: Record<(typeof PLANS)[number]["period"], () => string> = {
  week: m.public_pricing_per_week,
  month: m.public_pricing_per_month,
  year: m.public_pricing_per_year,
};

/**
 * A person's plans from domain/plans.ts (the same features as /pricing), in the page's language. Built with the
 * launch prices; the worker writes today's price into the data-live parts once a price change is in effect
 * (decision 093).
 */
export function PricingCards({ ctaHref }: { ctaHref: string }) {
  const locale = getLocale();
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
                {m.public_pricing_popular()}
              </p>
            )}
            <h3 className="text-lg font-semibold">{planName(plan.id)}</h3>
            <p
              className="mt-1 text-sm text-muted-foreground"
              data-live={plan.id === SAVING_PLAN ? `description-${SAVING_PLAN}` : undefined}
            >
              {planCardLine(plan.id)}
            </p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight" data-live={`price-${plan.id}`}>
                {formatMoney(plan.priceCents, CURRENCY, locale)}
              </span>
              <span className="text-muted-foreground">{PER_PERIOD[plan.period]()}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground" data-live={`daily-${plan.id}`}>
              {m.public_pricing_per_day({ price: formatMoney(Math.round(Number(plan.dailyPrice) * 100), CURRENCY, locale) })}
            </p>
            <PlanFeatures plan={plan.id} features={plan.features} className="mt-6 gap-2.5" />
            <a href={ctaHref} className={cn(buttonVariants({ variant: plan.popular ? "default" : "outline", size: "lg" }), "mt-8 w-full")}>
              {m.public_pricing_choose({ plan: planName(plan.id) })}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-muted-foreground">{m.public_pricing_note({ days: MONEY_BACK_DAYS })}</p>
    </>
  );
}
