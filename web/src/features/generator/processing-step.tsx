import { Loader2 } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { ESTIMATED_SECONDS, GENERATION_MAX_ATTEMPTS } from "@/lib/domain";

/** What the status poll says about a generation still under way (decision 100). */
export interface Lateness {
  /** Queued longer ago than the estimate. */
  late: boolean;
  /** An earlier try failed and it is being tried again; `attempt` is the try under way or next (2…4). */
  retrying: boolean;
  attempt: number;
  /** Waiting for the image model's quota (decision 191): about how long until its try, in seconds. */
  waitSeconds?: number;
}

/** The honest line under the progress bar once the estimate has passed, or null while it has not; a wait for the model's quota is said at once. */
export function latenessText({ late, retrying, attempt, waitSeconds }: Lateness): string | null {
  if (waitSeconds !== undefined && waitSeconds > 0) {
    const minutes = Math.max(1, Math.round(waitSeconds / 60));
    return `Busy: many people are making pictures right now, so yours are queued, about ${minutes} minute${minutes === 1 ? "" : "s"}. Nothing is lost and nothing is charged again; you can stay here or come back to this page later.`;
  }
  if (retrying) {
    return `This is taking longer than usual: our image service is busy, so we're trying again (attempt ${Math.min(attempt, GENERATION_MAX_ATTEMPTS)} of ${GENERATION_MAX_ATTEMPTS}). You can stay here or come back to this page later.`;
  }
  if (late)
    return "This is taking longer than usual. Your headshot is still being made; you can stay here or come back to this page later.";
  return null;
}

export function ProcessingStep({ progress, statusText, lateness }: { progress: number; statusText: string; lateness?: Lateness }) {
  const late = lateness ? latenessText(lateness) : null;
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
      <p aria-live="polite" className="text-sm font-medium text-amber-800">
        {late}
      </p>
    </div>
  );
}
