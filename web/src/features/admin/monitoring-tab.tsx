import { CircleAlert, CircleCheck } from "lucide-react";
import { useGenerationAnalytics } from "./api/get-generation-analytics";
import { useHealth, type Health } from "./api/get-health";
import { useMonitoring, type Monitoring } from "./api/get-monitoring";
import { useModelStatus, type ModelStatus } from "./api/get-model-status";
import { Figures, QueryPanel } from "./figure";
import { formatCount, formatDateTime, formatEuroCents, formatEuroCents4, successRatePercent, wholeSeconds } from "./format";

/** What each check of GET /api/admin/health is called on screen; keys the server adds later show as they come. */
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

const ALERT_LABELS: Record<Monitoring["alerts"][number]["kind"], { label: string; unit: string }> = {
  modelFailureRate: { label: "Model failure rate", unit: "%" },
  model429Rate: { label: "Model 429 rate", unit: "%" },
  queueAge: { label: "Oldest queued generation", unit: " s" },
  deadLetters: { label: "Dead-lettered messages", unit: "" },
  webhookFailures: { label: "Failed Stripe webhooks", unit: "" },
};

const percentText = (p: number | null) => (p === null ? "–" : `${p}%`);

/** The rows of the operations table: label, last hour, last day (decision 188). */
export function operationsRows(m: Monitoring): [label: string, hour: string, day: string][] {
  const [hour, day] = m.windows;
  if (!hour || !day) return [];
  type Window = Monitoring["windows"][number];
  const row = (label: string, f: (w: Window) => string): [string, string, string] => [label, f(hour), f(day)];
  return [
    row("Model calls", (w) => formatCount(w.modelCalls.total)),
    row("Model failure rate", (w) => percentText(w.modelFailurePercent)),
    row("Model 429 rate", (w) => percentText(w.model429Percent)),
    row("Blocked by the model", (w) => formatCount(w.modelCalls.blocked)),
    row("Generations completed", (w) => formatCount(w.generations.completed)),
    row("Generations failed", (w) => formatCount(w.generations.failed)),
    row("Generation cost", (w) => formatEuroCents(w.generations.costCents)),
    row("Average generation time", (w) => (w.generations.avgTimeMs === null ? "–" : `${wholeSeconds(w.generations.avgTimeMs)}s`)),
    row("429 answers to clients", (w) => formatCount(w.http429)),
    row("Dead-lettered messages", (w) => formatCount(w.deadLettered)),
    row("Cron job failures", (w) => formatCount(w.cronFailures)),
    row("Photos deleted by retention", (w) => formatCount(w.photosPurged)),
    row("Failed Stripe webhooks", (w) => formatCount(w.webhookFailures)),
  ];
}

function Operations({ m }: { m: Monitoring }) {
  return (
    <div className="grid gap-4">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="pb-2 font-normal">
              Recorded
            </th>
            <th scope="col" className="pb-2 text-right font-normal">
              Last hour
            </th>
            <th scope="col" className="pb-2 text-right font-normal">
              Last day
            </th>
          </tr>
        </thead>
        <tbody>
          {operationsRows(m).map(([label, hour, day]) => (
            <tr key={label} className="border-b last:border-b-0">
              <th scope="row" className="py-2 text-left font-normal text-muted-foreground">
                {label}
              </th>
              <td className="py-2 text-right font-semibold tabular-nums">{hour}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{day}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">
        Generations processing now: {formatCount(m.queue.processing)}
        {m.queue.oldestAgeSeconds !== null && `, the oldest queued ${formatCount(m.queue.oldestAgeSeconds)} s ago`}
      </p>
      <p className="text-sm">Photos past retention waiting to be deleted: {formatCount(m.retention.waiting)}</p>
      <p className="text-sm">Price-change emails waiting to be sent: {formatCount(m.priceNotices.waiting)}</p>
      <p className="text-sm">Price-change withdrawals waiting to be sent: {formatCount(m.priceNotices.withdrawals)}</p>
      <ul className="grid gap-2 text-sm" aria-label="Alerts">
        {m.alerts.map((a) => {
          const { label, unit } = ALERT_LABELS[a.kind];
          return (
            <li key={a.kind} className="flex items-center gap-2">
              {a.firing ? (
                <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
              ) : (
                <CircleCheck className="size-4 text-success-ink" aria-hidden="true" />
              )}
              <span>
                {label}: {a.value}
                {unit} (alert at {a.threshold}
                {unit}){a.firing ? " — alerting" : ""}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">As recorded at {formatDateTime(m.at)}</p>
    </div>
  );
}

const CHAIN_STATES: Record<ModelStatus["chain"][number]["state"], string> = {
  serving: "serving",
  standby: "standby (serves if the models before it are gone)",
  retired: "Google no longer serves it (404)",
  "shut down": "shut down (domain/models.ts)",
};

/**
 * The image model in use (the first of the chain Google still serves, decision 290), the chain's states, the warning
 * before an announced shutdown, and the last configuration failure with what to fix.
 */
export function ImageModelPanel({ status }: { status: ModelStatus }) {
  const failure = status.lastFailure;
  return (
    <div className="grid gap-3 text-sm">
      <p>
        In use: <span className="font-medium">{status.name}</span> (<code>{status.model}</code>)
        {status.shutdown ? `, shuts down on ${status.shutdown}` : ", no shutdown announced"}
      </p>
      {status.model !== status.configured && (
        <p role="alert" className="flex items-start gap-2 text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            GEMINI_MODEL <code>{status.configured}</code> no longer serves: <code>{status.model}</code> of GEMINI_FALLBACK_MODELS does, at
            its own price. Set GEMINI_MODEL to a live model and deploy.
          </span>
        </p>
      )}
      {status.googleList &&
        (status.googleList.missing.chain.length + status.googleList.missing.table.length > 0 ? (
          <p role="alert" className="flex items-start gap-2 text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Google's model list ({formatDateTime(new Date(status.googleList.at))}) no longer has{" "}
              {[...status.googleList.missing.chain, ...status.googleList.missing.table].join(", ")}
              {status.googleList.missing.chain.length > 0
                ? ": a model of the chain, set GEMINI_MODEL to a live one"
                : ": update domain/models.ts"}
              .
            </span>
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">
            Google's model list, checked {formatDateTime(new Date(status.googleList.at))}: every model of the chain is there.
          </p>
        ))}
      {status.chain.length > 1 && (
        <ol aria-label="Model chain" className="grid list-decimal gap-1 pl-5 text-xs text-muted-foreground">
          {status.chain.map((c) => (
            <li key={c.model}>
              <code>{c.model}</code>: {CHAIN_STATES[c.state]}
              {c.since ? `, since ${formatDateTime(new Date(c.since))}` : ""}
            </li>
          ))}
        </ol>
      )}
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

/** SPEC §2 Monitoring: System Performance from the generation figures, System Health from /api/admin/health; the image model (issue 32). */
export function MonitoringTab() {
  const generations = useGenerationAnalytics();
  const health = useHealth();
  const monitoring = useMonitoring();
  const model = useModelStatus();
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <QueryPanel title="Image Model" description="The Gemini model generations use" query={model}>
        {(m) => <ImageModelPanel status={m} />}
      </QueryPanel>
      <QueryPanel title="System Performance" description="Every generation so far" query={generations}>
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
      </QueryPanel>
      <QueryPanel title="System Health" description="Live checks of the services the app depends on" query={health}>
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
      </QueryPanel>
      <QueryPanel
        title="Operations"
        description="Model calls, generations, queue and alerts, as recorded"
        className="lg:col-span-2"
        query={monitoring}
      >
        {(m) => <Operations m={m} />}
      </QueryPanel>
    </div>
  );
}
