import { Check } from "@/components/marketing/icons";
import { featureNote, type FairUsePlan } from "@/lib/domain";
import { featureLabel, fairUseNote } from "@/shared/billing/plan-words";
import { clsx as cn } from "clsx";

/**
 * A plan's features, each with its note (the fair-use cap under "Unlimited generations", issue 23): the
 * landing's cards and /pricing state them in one way. Plain HTML with the public pages' icon, so the
 * prerendered landing stays free of lucide-react's runtime. The words are the page's language's (shared/billing/plan-words.ts).
 */
export function PlanFeatures({
  plan,
  features,
  label,
  className,
}: {
  plan: FairUsePlan;
  features: readonly string[];
  label?: string;
  className: string;
}) {
  return (
    <ul className={cn("grid text-sm", className)} aria-label={label}>
      {features.map((f) => (
        <li key={f} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            {featureLabel(f)}
            {featureNote(f, plan) && <span className="block text-xs text-muted-foreground">{fairUseNote(plan)}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
