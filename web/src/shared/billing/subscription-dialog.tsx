import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { Check, Crown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FAIR_USE_ALL_PLANS, euros } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { plansQuery } from "@/shared/api/get-plans";

/** What paying adds to the free tries (SPEC §1): free users already have all 10 styles. */
export const SUBSCRIPTION_ADDS = [
  `Unlimited generations (${FAIR_USE_ALL_PLANS})`,
  "No watermark",
  "High-resolution downloads",
  "Priority support",
] as const;

const Ctx = createContext<{ openSubscriptionDialog(reason?: string): void } | null>(null);

/** Today's price of each plan (GET /api/stripe/plans, so a price change shows), once the dialog is open. */
function PlanPrices() {
  const { data: plans } = useQuery(plansQuery());
  if (!plans) return <p className="h-16 text-sm text-muted-foreground">Loading prices…</p>;
  return (
    <ul className="grid grid-cols-3 gap-2" aria-label="Plans">
      {plans.map((p) => (
        <li key={p.id} className="grid rounded-lg border p-2 text-center">
          <span className="text-xs font-medium text-muted-foreground">{p.name}</span>
          <span className="font-semibold">{euros(p.amountCents, p.currency)}</span>
          <span className="text-xs text-muted-foreground">a {p.period}</span>
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
            <DialogTitle>Subscription Required</DialogTitle>
            <DialogDescription>{reason ?? "Subscribe to unlock:"}</DialogDescription>
          </DialogHeader>
          {reason && <p className="text-sm font-medium">A plan adds:</p>}
          <ul className="grid gap-2 text-sm">
            {SUBSCRIPTION_ADDS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          {open && <PlanPrices />}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Maybe Later
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                navigate(paths.pricing);
              }}
            >
              View Plans
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
