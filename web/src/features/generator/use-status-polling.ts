import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isFinished } from "@/lib/domain";
import { m } from "@/lib/copy";
import { creditsQuery } from "@/shared/api/get-credits";
import { headshotsQuery } from "@/shared/api/get-headshots";
import { statusQuery } from "./api/get-status";
import { nextProgress } from "./rules";

export type PollOutcome = { status: "completed"; generatedImageUrl: string } | { status: "failed"; error: string };

/**
 * Poll the status query while `id` is set (it refetches every 2 s until the headshot is finished).
 * Each answer that still finds the job processing (and not queued for the model's quota) raises progress by 5,
 * capped at 90 (SPEC §4);
 * completion sets 100. Poll errors are only logged and polling continues. When the headshot is
 * finished, the gallery and the credits are refreshed (a failure gives the free generation back).
 * Returns the progress and the latest answer (its attempt, retrying and elapsed time; decision 100).
 */
export function useStatusPolling(id: string | null, onDone: (outcome: PollOutcome) => void) {
  const [progress, setProgress] = useState(0);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  const queryClient = useQueryClient();
  const { data: status, dataUpdatedAt } = useQuery({ ...statusQuery(id ?? ""), enabled: Boolean(id) });

  useEffect(() => setProgress(0), [id]);

  useEffect(() => {
    if (!id || !status || !dataUpdatedAt) return;
    if (isFinished(status.status)) {
      void queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey });
    }
    if (status.status === "completed" && status.generatedImageUrl) {
      setProgress(100);
      done.current({ status: "completed", generatedImageUrl: status.generatedImageUrl });
    } else if (status.status === "failed") {
      done.current({ status: "failed", error: status.error || m.generator_generation_failed() });
    } else if (!(status.status === "processing" && (status.waitSeconds ?? 0) > 0)) {
      // a picture queued for the model's quota is not being made: the bar waits with it (one estimate, issue 46)
      setProgress(nextProgress);
    }
    // One step per answer: dataUpdatedAt changes on every successful poll, even with the same body.
  }, [id, status, dataUpdatedAt, queryClient]);

  return { progress, status };
}
