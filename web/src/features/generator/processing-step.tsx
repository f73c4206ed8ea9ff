import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { ESTIMATED_SECONDS, GENERATION_MAX_ATTEMPTS, STATUS_POLL_MS } from "@/lib/domain";
import { formatDate, getLocale, m } from "@/lib/copy";

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

/** A wait this long or longer is the model's quota for the day (decision 296): said as the time it ends, not minutes. */
const LONG_WAIT_SECONDS = 90 * 60;

/**
 * The one estimate a person sees while a picture is being made (issue 46 item 15): from the server's status — the
 * quota's queue (its wait), a retry, or the usual time — so the processing view, the headshot view and the shoot
 * view say the same thing. A long wait is said as the hour it ends, in the person's own clock.
 */
export function estimateText(lateness: Lateness | undefined, now = new Date()): string {
  const wait = lateness?.waitSeconds ?? 0;
  if (wait >= LONG_WAIT_SECONDS) {
    const at = new Date(now.getTime() + wait * 1000);
    const time = formatDate(at, getLocale(), "time");
    return at.toDateString() === now.toDateString()
      ? m.generator_estimate_queued_until({ time })
      : m.generator_estimate_queued_until_tomorrow({ time });
  }
  if (wait > 0) {
    const minutes = Math.max(1, Math.round(wait / 60));
    return m.generator_estimate_minutes({ minutes });
  }
  if (lateness?.retrying) return m.generator_estimate_retrying();
  if (lateness?.late) return m.generator_estimate_late();
  return m.generator_estimate_usual({ seconds: ESTIMATED_SECONDS });
}

/** The honest line under the estimate once it is not the usual one (why it waits), or null while all is usual. */
export function latenessText({ late, retrying, attempt, waitSeconds }: Lateness): string | null {
  if (waitSeconds !== undefined && waitSeconds >= LONG_WAIT_SECONDS) {
    return m.generator_lateness_quota();
  }
  if (waitSeconds !== undefined && waitSeconds > 0) {
    return m.generator_lateness_queued();
  }
  if (retrying) {
    return m.generator_lateness_retrying({ attempt: Math.min(attempt, GENERATION_MAX_ATTEMPTS), max: GENERATION_MAX_ATTEMPTS });
  }
  if (late) return m.generator_lateness_late();
  return null;
}

/**
 * The quota wait to show, held steady: a poll that briefly reports no wait (one picture of a set just tried, the
 * next not yet asked) keeps the last wait for `holdMs` instead of making the line blink (issue 46 item 15).
 */
export function useSteadyWait(waitSeconds: number | undefined, holdMs = 3 * STATUS_POLL_MS): number | undefined {
  const [shown, setShown] = useState(waitSeconds && waitSeconds > 0 ? waitSeconds : undefined);
  useEffect(() => {
    if (waitSeconds && waitSeconds > 0) {
      setShown(waitSeconds);
      return;
    }
    const timer = setTimeout(() => setShown(undefined), holdMs);
    return () => clearTimeout(timer);
  }, [waitSeconds, holdMs]);
  return shown;
}

export function ProcessingStep({ progress, statusText, lateness }: { progress: number; statusText: string; lateness?: Lateness }) {
  const late = lateness ? latenessText(lateness) : null;
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 py-10 text-center">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <Loader2 className="size-8 animate-spin" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h3 className="text-xl font-semibold">{m.generator_creating_headshot()}</h3>
        <p aria-live="polite" className="text-muted-foreground">
          {statusText}
        </p>
      </div>
      <div className="grid gap-2">
        <Progress value={progress} label={m.generator_generation_progress()} />

        <div className="flex justify-between text-xs text-muted-foreground">
          <span aria-live="polite">{progress}%</span>
          <span data-testid="estimate">{estimateText(lateness)}</span>
        </div>
      </div>
      <p aria-live="polite" className="text-sm font-medium text-amber-800">
        {late}
      </p>
    </div>
  );
}
