import { Loader2 } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { ESTIMATED_SECONDS } from "@/lib/domain";

export function ProcessingStep({ progress, statusText }: { progress: number; statusText: string }) {
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 py-10 text-center">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <Loader2 className="size-8 animate-spin" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h3 className="text-xl font-semibold">Creating your headshot</h3>
        <p aria-live="polite" className="text-muted-foreground">
          {statusText}
        </p>
      </div>
      <div className="grid gap-2">
        <Progress value={progress} label="Generation progress" />
        <div className="flex justify-between text-xs text-muted-foreground">
          <span aria-live="polite">{progress}%</span>
          <span>Estimated time: {ESTIMATED_SECONDS} seconds</span>
        </div>
      </div>
    </div>
  );
}
