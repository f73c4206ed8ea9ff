import { useEffect, useRef, useState } from "react";
import { MESSAGES, STATUS_POLL_MS } from "@/lib/domain";
import { fetchStatus } from "./api";
import { nextProgress } from "./rules";

export type PollOutcome = { status: "completed"; generatedImageUrl: string } | { status: "failed"; error: string };

/**
 * Poll GET /api/headshots/{id}/status every 2 s while `id` is set. Each poll that still finds the job
 * processing raises progress by 5, capped at 90 (SPEC §4); completion sets 100. Poll errors are only
 * logged ('Failed to fetch status') and polling continues.
 */
export function useStatusPolling(id: string | null, onDone: (outcome: PollOutcome) => void) {
  const [progress, setProgress] = useState(0);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!id) return;
    setProgress(0);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const s = await fetchStatus(id);
        if (stopped) return;
        if (s.status === "completed" && s.generatedImageUrl) {
          stopped = true;
          setProgress(100);
          done.current({ status: "completed", generatedImageUrl: s.generatedImageUrl });
          return;
        }
        if (s.status === "failed") {
          stopped = true;
          done.current({ status: "failed", error: s.error || MESSAGES.generationFailed });
          return;
        }
        setProgress(nextProgress);
      } catch (err) {
        console.error("Failed to fetch status", err);
      }
      if (!stopped) timer = setTimeout(tick, STATUS_POLL_MS);
    };
    timer = setTimeout(tick, STATUS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  return progress;
}
