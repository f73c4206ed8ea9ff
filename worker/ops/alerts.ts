/**
 * The operator's alerts (decision 188): the cron compares the last hour's figures with the thresholds in the
 * configuration and emails the operator what fires, each alert at most once an hour (an `alert.<kind>` count
 * records each one sent).
 */
import type { OpsAlert, OpsAlertKind } from "../../domain/admin-api";
import { appUrl, paths } from "../../domain/paths";
import type { JobDeps } from "../lib";
import { createMailer, OPERATOR_LOCALE } from "../mail";
import { countEvent, countsBetween } from "./counters";
import { opsMonitoring } from "./figures";

/** An alert still firing is sent again after this long. */
export const ALERT_REPEAT_MS = 3_600_000;

const WORDS: Record<OpsAlertKind, (a: OpsAlert) => string> = {
  modelFailureRate: (a) => `The image model failed ${a.value}% of its calls in the last hour (threshold ${a.threshold}%).`,
  model429Rate: (a) => `The image model refused ${a.value}% of its calls with 429 (quota) in the last hour (threshold ${a.threshold}%).`,
  queueAge: (a) => `The oldest generation still processing was queued ${a.value} s ago (threshold ${a.threshold} s).`,
  deadLetters: (a) => `${a.value} queue message(s) reached the dead-letter queue in the last hour (threshold ${a.threshold}).`,
  webhookFailures: (a) => `${a.value} Stripe webhook(s) were answered with an error in the last hour (threshold ${a.threshold}).`,
};

/** The operator's runbook (in the repository): what each alert means and the first three steps, one section each. */
export const RUNBOOK = "docs/runbook.md";
export const runbookSection = (kind: OpsAlertKind) => `${RUNBOOK}#alert-${kind.toLowerCase()}`;

/** Emails the operator every alert firing now that was not sent in the last hour; returns the kinds sent. */
export async function sendAlerts(deps: JobDeps): Promise<OpsAlertKind[]> {
  const { db, config, now } = deps;
  const monitoring = await opsMonitoring(db, config, now);
  const firing = monitoring.alerts.filter((a) => a.firing);
  if (firing.length === 0) return [];
  const sent = await countsBetween(
    db,
    firing.map((a) => `alert.${a.kind}` as const),
    new Date(now.getTime() - ALERT_REPEAT_MS),
    new Date(now.getTime() + 60_000),
  );
  const due = firing.filter((a) => !sent[`alert.${a.kind}`]);
  if (due.length === 0) return [];
  await createMailer(config, { IMAGES: deps.bucket }).send({
    to: config.OPERATOR_EMAIL,
    locale: OPERATOR_LOCALE,
    subject: `Headshot Studio alert: ${due.map((a) => a.kind).join(", ")}`,
    text: [
      ...due.flatMap((a) => [WORDS[a.kind](a), `What to do: ${runbookSection(a.kind)}`, ""]),
      `Admin → Monitoring shows the figures (${appUrl(config.APP_URL, paths.admin)}).`,
    ].join("\n"),
  });
  for (const a of due) await countEvent(db, `alert.${a.kind}`, now);
  return due.map((a) => a.kind);
}
