import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { formatMoney, getLocale, m } from "@/lib/copy";

import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { Check, Crown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fairUseAllPlans, planName } from "@/shared/billing/plan-words";
import { paths } from "@/lib/paths";
import { plansQuery } from "@/shared/api/get-plans";

/** What paying adds to the free tries (SPEC §1): free users already have all 10 styles. */
export const subscriptionAdds = (): string[] => [
  m.common_subscription_add_unlimited({ fairUse: fairUseAllPlans() }),
  m.common_subscription_add_no_watermark(),
  m.common_subscription_add_high_res(),
  m.common_subscription_add_support(),
];

/** "a week" / "pro Woche": a plan's period as the price line says it. */
const PER_PERIOD: Record<string, () => string> = {
  week: m.common_subscription_per_week,
  month: m.common_subscription_per_month,
  year: m.common_subscription_per_year,
};

const Ctx = createContext<{ openSubscriptionDialog(reason?: string): void } | null>(null);

/** Today's price of each plan (GET /api/stripe/plans, so a price change shows), once the dialog is open. */
function PlanPrices() {
  const { data: plans } = useQuery(plansQuery());
  if (!plans) return <p className="h-16 text-sm text-muted-foreground">{m.common_subscription_loading_prices()}</p>;
  return (
    <ul className="grid grid-cols-3 gap-2" aria-label={m.common_subscription_plans()}>
      {plans.map((p) => (
        <li key={p.id} className="grid rounded-lg border p-2 text-center">
          <span className="text-xs font-medium text-muted-foreground">{planName(p.id)}</span>
          <span className="font-semibold">{formatMoney(p.amountCents, p.currency, getLocale())}</span>
          <span className="text-xs text-muted-foreground">{(PER_PERIOD[p.period] ?? PER_PERIOD.month!)()}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Subscription Required dialog (SPEC §2): what a plan adds, today's prices, Maybe Later or View
 * Plans → /pricing. `reason` says why it opened (the free generations are used, issue 35), in plain words.
 */
export function SubscriptionDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const openSubscriptionDialog = useCallback((why?: string) => {
    setReason(why);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openSubscriptionDialog }), [openSubscriptionDialog]);
  return (
    <Ctx.Provider value={value}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary sm:mx-0">
              <Crown className="size-6" aria-hidden="true" />
            </span>
            <DialogTitle>{m.common_subscription_required()}</DialogTitle>
            <DialogDescription>{reason ?? m.common_subscription_unlock()}</DialogDescription>
          </DialogHeader>
          {reason && <p className="text-sm font-medium">{m.common_subscription_plan_adds()}</p>}
          <ul className="grid gap-2 text-sm">
            {subscriptionAdds().map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          {open && <PlanPrices />}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {m.common_subscription_maybe_later()}
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                navigate(paths.pricing);
              }}
            >
              {m.common_subscription_view_plans()}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Ctx.Provider>
  );
}

export function useSubscriptionDialog() {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useSubscriptionDialog must be used inside <SubscriptionDialogProvider>");
  return ctx;
}
