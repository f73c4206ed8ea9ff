import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Check, Crown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { paths } from "@/lib/paths";

/** What paying adds to the free tries (SPEC §1): free users already have all 10 styles. */
export const SUBSCRIPTION_ADDS = ["Unlimited generations", "No watermark", "High-resolution downloads", "Priority support"] as const;

const Ctx = createContext<{ openSubscriptionDialog(): void } | null>(null);

/** The Subscription Required dialog (SPEC §2): Maybe Later, or View Plans → /pricing. */
export function SubscriptionDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const openSubscriptionDialog = useCallback(() => setOpen(true), []);
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
            <DialogDescription>Subscribe to unlock:</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-2 text-sm">
            {SUBSCRIPTION_ADDS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
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
