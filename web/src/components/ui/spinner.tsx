import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";
import { m } from "@/lib/copy";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn("size-6 animate-spin text-primary", className)} />
      <span className="sr-only">{label ?? m.common_loading()}</span>
    </span>
  );
}

/** Full-area centred spinner with an optional visible caption. */
export function PageSpinner({ caption }: { caption?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      {caption ? <p className="text-sm text-muted-foreground">{caption}</p> : <span className="sr-only">{m.common_loading()}</span>}
    </div>
  );
}
