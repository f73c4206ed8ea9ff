import { useRef, type ReactNode } from "react";
import { useToastsBelow } from "@/components/ui/toast";
import { cn } from "@/lib/utils";
import { useHeadingFocus } from "@/lib/use-heading-focus";
import { m } from "@/lib/copy";

export type Step = 1 | 2 | 3 | 4 | 5;

const STEPS: Array<{ n: Step; label: () => string }> = [
  { n: 1, label: m.generator_label_gender },
  { n: 2, label: m.generator_label_style },
  { n: 3, label: m.generator_step_photo },
  { n: 4, label: m.generator_step_processing },
  { n: 5, label: m.generator_step_result },
];

/** The steps, at the top right from lg up: where the toasts appear, so they keep below it (issue 35). */
function Stepper({ step }: { step: Step }) {
  const ref = useRef<HTMLOListElement>(null);
  useToastsBelow(ref);
  return (
    <ol ref={ref} className="flex items-center gap-1.5 sm:gap-2" aria-label={m.generator_progress_label()}>
      {STEPS.map((s, i) => (
        <li key={s.n} className="flex items-center gap-1.5 sm:gap-2" aria-current={s.n === step ? "step" : undefined}>
          <span
            className={cn(
              "inline-flex size-7 items-center justify-center rounded-full text-xs font-semibold",
              s.n < step && "bg-primary/15 text-primary",
              s.n === step && "bg-primary text-primary-foreground",
              s.n > step && "bg-muted text-muted-foreground",
            )}
          >
            {s.n}
            <span className="sr-only"> {s.n < step ? m.generator_step_done({ label: s.label() }) : s.label()}</span>
          </span>
          <span className={cn("hidden text-sm lg:inline", s.n === step ? "font-medium" : "text-muted-foreground")}>{s.label()}</span>
          {i < STEPS.length - 1 && <span className="h-px w-3 bg-border sm:w-6" aria-hidden="true" />}
        </li>
      ))}
    </ol>
  );
}

/** A step of the generate flow: "Step n of 5", its heading (focused as it appears) and the stepper. */
export function WizardFrame({
  step,
  title,
  text,
  focusKey,
  children,
}: {
  step: Step;
  title: string;
  text: string;
  focusKey: string;
  children: ReactNode;
}) {
  const heading = useHeadingFocus(focusKey);

  return (
    <section aria-labelledby="wizard-heading" className="grid gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-medium text-primary">{m.generator_step_of({ step, total: STEPS.length })}</p>

          <h2
            id="wizard-heading"
            ref={heading}
            tabIndex={-1}
            className="rounded-sm text-2xl font-bold tracking-tight focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {title}
          </h2>
          <p className="text-muted-foreground">{text}</p>
        </div>
        <Stepper step={step} />
      </div>
      {children}
    </section>
  );
}
