import { CircleAlert, CircleCheck } from "lucide-react";
import { useGenerationAnalytics } from "./api/get-generation-analytics";
import { useHealth, type Health } from "./api/get-health";
import { useModelStatus, type ModelStatus } from "./api/get-model-status";
import { Figures, Panel, QueryState } from "./figure";
import { formatDateTime, formatEuroCents, formatEuroCents4, successRatePercent, wholeSeconds } from "./format";

/** What each check of GET /api/health is called on screen; keys the server adds later show as they come. */
const CHECK_LABELS: Record<string, string> = {
  database: "Database",
  storage: "Image storage",
  queue: "Generation queue",
  payments: "Payment provider",
  imageGeneration: "Image generation provider",
};

const OK_WORDS: Record<string, string> = { database: "healthy" };

/** The checks in a health answer: every key but the overall `status`. */
export function healthLines(health: Health): { key: string; label: string; ok: boolean; text: string }[] {
  return Object.entries(health as Record<string, unknown>)
    .filter(([key, value]) => key !== "status" && typeof value === "string")
    .map(([key, value]) => {
      const ok = value === "ok";
      const label = CHECK_LABELS[key] ?? key;
      return { key, label, ok, text: ok ? `${label} ${OK_WORDS[key] ?? "connected"}` : `${label} unavailable` };
    });
}

/** The image model in use, the warning before its announced shutdown, and the last configuration failure with what to fix. */
export function ImageModelPanel({ status }: { status: ModelStatus }) {
  const failure = status.lastFailure;
  return (
    <div className="grid gap-3 text-sm">
      <p>
        In use: <span className="font-medium">{status.name}</span> (<code>{status.model}</code>)
        {status.shutdown ? `, shuts down on ${status.shutdown}` : ", no shutdown announced"}
      </p>
      {status.warning && (
        <p role="alert" className="flex items-start gap-2 text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{status.warning}</span>
        </p>
      )}
      {failure && (
        <div className={failure.fixed ? "text-muted-foreground" : "text-destructive"}>
          <p className="flex items-start gap-2">
            {failure.fixed ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success-ink" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              Last configuration failure, {formatDateTime(new Date(failure.at))}
              {failure.fixed ? " (generations have completed since)" : ""}: {failure.reason}
            </span>
          </p>
          {!failure.fixed && <p className="mt-1">What to fix: {failure.whatToFix}</p>}
        </div>
      )}
    </div>
  );
}

/** SPEC §2 Monitoring: System Performance from the generation figures, System Health from /api/health; the image model (issue 32). */
export function MonitoringTab() {
  const generations = useGenerationAnalytics();
  const health = useHealth();
  const model = useModelStatus();
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Panel title="Image Model" description="The Gemini model generations use">
        <QueryState query={model} label="image model">
          {(m) => <ImageModelPanel status={m} />}
        </QueryState>
      </Panel>
      <Panel title="System Performance" description="Every generation so far">
        <QueryState query={generations} label="system performance">
          {(g) => (
            <Figures
              rows={[
                ["Average Generation Time", `${wholeSeconds(g.avgTimeMs)}s`],
                ["Success Rate", `${successRatePercent(g.successful, g.total)}%`],
                ["Total Cost", formatEuroCents(g.totalCostCents)],
                ["Average Cost per Generation", formatEuroCents4(g.total > 0 ? g.totalCostCents / g.total : 0)],
              ]}
            />
          )}
        </QueryState>
      </Panel>
      <Panel title="System Health" description="Live checks of the services the app depends on">
        <QueryState query={health} label="system health">
          {(h) => (
            <div className="grid gap-3">
              <ul className="grid gap-2 text-sm">
                {healthLines(h).map((line) => (
                  <li key={line.key} className="flex items-center gap-2">
                    {line.ok ? (
                      <CircleCheck className="size-4 text-success-ink" aria-hidden="true" />
                    ) : (
                      <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
                    )}
                    <span>{line.text}</span>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">Last updated: {formatDateTime(new Date(health.dataUpdatedAt))}</p>
            </div>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
