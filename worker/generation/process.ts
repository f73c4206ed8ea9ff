/**
 * The queue consumer's work for one `{headshotId}` message, in three steps, so no database session is
 * held while the model thinks (up to 90 s; docs/decisions/080-claim-render-complete.md):
 * 1. claim (one short session): count the attempt on a row still `processing`;
 * 2. render (no session): read the original, call the model, watermark, write the encrypted result;
 * 3. complete (one short session): the lifecycle's processing → completed move, or a failure with refund.
 * Delivery is at least once, so:
 * - a row that is not `processing` is skipped (already done, failed, or never started);
 * - completing is the guarded move `processing → completed`, so two deliveries cannot both complete,
 *   and a completion cannot undo the sweeper's failure (nor the other way round).
 * - a headshot removed by moderation, or whose owner was deleted, while its generation ran keeps no
 *   result: the completing move also requires a live row (not `removed`), and when it matches nothing
 *   the object just written is deleted again (the removal's own prefix delete may have run before the
 *   write). A removed row still `processing` is failed at once (with the refund) instead of waiting
 *   for the sweeper.
 * Transient model errors ask the queue to retry with backoff until MAX_ATTEMPTS (the row's `error`
 * holds the last transient reason meanwhile, so the status poll can say it is retrying), then the row
 * fails with MESSAGES.generationBusy and the free generation is refunded; when Google said how long to wait
 * (RetryInfo on a 429), the retry waits that long instead. A safety block or an answer without an
 * image fails at once with a readable reason (and a refund). A 401/403 from the model (key, access) is ours,
 * not the person's: it fails at once with MESSAGES.generationUnavailable, is refunded, logged with the model
 * id and kept for the operator's Monitoring tab (model-status.ts). A 404 NOT_FOUND (Google shut the model
 * down) retires the model for every isolate in its shared limiter, mails the operator once, and the same
 * generation is tried once on the next live model of the chain (GEMINI_MODEL, then GEMINI_FALLBACK_MODELS;
 * decision 290); the row records the cost and the id of the model that served it (its Content Credentials name
 * that model: decision 343).
 *
 * Free generations are made at 1K and watermarked, subscribers' and team members' at 2K (domain/models.ts);
 * each completed row records what its call cost, from the size it came back at and the model table.
 */
import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots } from "../../db/schema";
import { getConfig, type Config } from "../config";
import { moveHeadshots } from "../headshots";
import { withDb, errorFields, log } from "../lib";
import { cleanResultKey, getDecrypted, putEncrypted, referenceKeys, resultKey } from "../storage";
import { GENERATION_MAX_ATTEMPTS, MESSAGES } from "../../domain/limits";
import { FREE_IMAGE_SIZE, PAID_IMAGE_SIZE, millsToEuroCents } from "../../domain/models";
import { REFINE_MESSAGES } from "../../domain/refine";
import { styleById, type Gender, type StyleId } from "../../domain/styles";
import type { Outfit } from "../../domain/teams";
import { buildEditPrompt, buildPrompt } from "./prompts";
import { sourcesOf, type Sources } from "./sources";
import { GEMINI_TIMEOUT_MS, generateHeadshotImage } from "./gemini";
import { stampWatermark } from "./watermark";
import {
  MAX_QUOTA_WAIT_SECONDS,
  QUEUE_MAX_DELAY_SECONDS,
  giveBackSlot,
  jitteredDelayMs,
  retireModel,
  takeSlot,
  type Slot,
} from "./limiter";
import { failGeneration } from "./fail";
import { modelChain, noticeModelGone, recordModelFailure } from "./model-status";
import { finishShoot } from "../shoots";
import { modelCallOutcome, recordModelCall } from "../ops";

/** Tries per headshot; the queue's max_retries (wrangler.toml) is one more, so we give up before the dead-letter queue (worker/config-files.test.ts). */
export const MAX_ATTEMPTS = GENERATION_MAX_ATTEMPTS;

export type ProcessOutcome =
  | { action: "skipped"; status: string | null }
  | { action: "completed" }
  | { action: "failed"; reason: string }
  | { action: "retry"; delaySeconds: number; reason: string }
  /**
   * Waiting for the model's quota: re-queued as a new message (not a failed try), for its reserved slot
   * `waitUntil`, in `delaySeconds` (at most QUEUE_MAX_DELAY_SECONDS: a longer wait is re-queued again then).
   */
  | { action: "defer"; delaySeconds: number; waitUntil: Date };

const MAX_RETRY_DELAY_SECONDS = 600;

/** How long a try may hold its row: the model's longest call plus reading the photos and writing the result (decision 190). */
export const ATTEMPT_LEASE_SECONDS = GEMINI_TIMEOUT_MS / 1000 + 60;

/** The lease of a try that starts `delaySeconds` from now: the sweeper leaves the row alone until it runs out. */
export const leaseAfter = (delaySeconds: number) => sql`now() + make_interval(secs => ${delaySeconds + ATTEMPT_LEASE_SECONDS})`;

/** 15 s, 60 s, 240 s ... capped at 10 minutes; or the delay the model asked for (RetryInfo), under the same cap. */
export function backoffSeconds(attempt: number, asked?: number): number {
  if (asked !== undefined) return Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(1, Math.ceil(asked)));
  return Math.min(MAX_RETRY_DELAY_SECONDS, 15 * 4 ** Math.max(0, attempt - 1));
}

/** Milliseconds since `since`, added to `steps[name]`: where a generation's time goes, logged when it completes. */
function lap(steps: Record<string, number>, name: string, since: number): number {
  const now = performance.now();
  steps[name] = Math.round(now - since);
  return now;
}

/** Opens a short database session for one step (tests pass one that records when sessions are open). */
export type OpenSession = <T>(env: Env, fn: (db: Db) => Promise<T>) => Promise<T>;

type Row = typeof headshots.$inferSelect;

/** What the render step produced, for the complete step. */
type Rendered =
  | { kind: "image"; key: string; mimeType: string; watermarked: boolean; durationMs: number; costCents: number; model: string }
  | { kind: "fail"; message: string; reason: string; modelCalled: boolean }
  | { kind: "retry"; delaySeconds: number; reason: string }
  | { kind: "quota"; notBefore: number; daily: boolean }
  /** Google answered 404 NOT_FOUND for the model: it is gone (decision 290). */
  | { kind: "gone"; reason: string };

/** Step 1: count this attempt on a row still processing; a row moderation removed is failed right here. */
async function claim(db: Db, headshotId: string): Promise<{ row: Row; sources: Sources } | ProcessOutcome> {
  const [row] = await db
    .update(headshots)
    .set({
      attempts: sql`${headshots.attempts} + 1`,
      error: null,
      startedAt: sql`now()`,
      leaseUntil: leaseAfter(0),
      updatedAt: sql`now()`,
    })
    // a delivery before the slot its job reserved is a duplicate: the one sent for the slot is on its way
    .where(
      and(
        eq(headshots.id, headshotId),
        eq(headshots.status, "processing"),
        or(isNull(headshots.waitUntil), lte(headshots.waitUntil, sql`now() + make_interval(secs => ${SLOT_EARLY_SECONDS})`)),
      ),
    )
    .returning();
  if (!row) {
    const [current] = await db.select({ status: headshots.status }).from(headshots).where(eq(headshots.id, headshotId));
    return { action: "skipped", status: current?.status ?? null };
  }
  if (row.moderationStatus === "removed") {
    // removed between `generate` and this delivery: no model call, nothing written
    await failGeneration(db, headshotId, MESSAGES.headshotRemoved);
    return { action: "failed", reason: MESSAGES.headshotRemoved };
  }
  // a shoot's picture is made from every photo of the shoot (issue 24); a version from its first's, an edit also from its picture (issue 36)
  return { row, sources: await sourcesOf(db, row) };
}

/** Step 2, without a database session: the original, the model, the watermark, the stored result. */
async function render(
  env: Env,
  config: Config,
  model: string,
  row: Row,
  sources: Sources,
  steps: Record<string, number>,
): Promise<Rendered> {
  const started = Date.now();
  let t = performance.now();
  const { photos, base } = sources;
  const from = sources.references;
  // A processing row always has its key (retention only nulls finished ones); null reads as missing.
  // A shoot's photos are shared by its pictures (storage/keys.ts referenceKeys); all must be there; an edit's picture first.
  const keys = from.originalKey ? referenceKeys({ ...from, originalKey: from.originalKey }, photos) : [null];
  const references = await Promise.all(keys.map((key) => (key ? getDecrypted(env.IMAGES, config, key) : null)));
  // an edit's picture first: a watermarked one's clean copy, else (made before those were kept) the stamped result
  if (base !== null) {
    let picture = null;
    for (const key of base) if (!picture) picture = await getDecrypted(env.IMAGES, config, key);
    references.unshift(picture);
  }
  const original = references.every((r) => r !== null) ? references[0]! : null;
  t = lap(steps, "originalMs", t);
  const style = styleById(row.style);
  if (!original || !style) {
    const reason = !original ? "The uploaded photo is missing." : `Unknown style ${row.style}.`;
    log("error", "generation: cannot start", { headshotId: row.id, reason });
    return { kind: "fail", message: original ? MESSAGES.generationFailed : MESSAGES.generationNoPhoto, reason, modelCalled: false };
  }

  // Free generations (the ones that took a credit, or a free person's free redo) are 1K and watermarked; subscribers' and team members' 2K.
  const watermarked = row.chargedCredit || row.watermarked === true;
  const size = watermarked ? FREE_IMAGE_SIZE : PAID_IMAGE_SIZE;
  // A team's backdrop photo goes last, after the person's (decision 256). Replaced by the owner since the
  // upload: the picture falls back to the brand colour rather than failing the person.
  const backdrop = row.backdropKey ? await getDecrypted(env.IMAGES, config, row.backdropKey) : null;
  if (row.backdropKey && !backdrop)
    log("warn", "generation: the team's backdrop photo is gone, using the brand colour", { headshotId: row.id });
  const outcome = await generateHeadshotImage(
    { ...config, GEMINI_MODEL: model },
    {
      images: [...references, ...(backdrop ? [backdrop] : [])].map((r) => ({ bytes: r!.bytes, mimeType: r!.contentType })),
      prompt:
        row.instruction !== null
          ? buildEditPrompt(style.id as StyleId, row.gender as Gender | null, row.instruction, { photos })
          : buildPrompt(style.id as StyleId, row.gender as Gender | null, {
              photos,
              backgroundColor: row.backgroundColor,
              backdrop: backdrop !== null,
              outfit: row.outfit as Outfit | null, // written only from OUTFITS
            }),
      size,
    },
  );
  t = lap(steps, "modelMs", t);
  await recordModelCall(env, config, {
    model,
    size,
    outcome: modelCallOutcome(outcome),
    latencyMs: steps.modelMs ?? 0,
    costCents: outcome.kind === "image" ? millsToEuroCents(outcome.costMills) : 0,
  });

  if (outcome.kind === "misconfigured") {
    log("error", "generation: the image model is misconfigured", {
      headshotId: row.id,
      model,
      status: outcome.status,
      reason: outcome.reason,
    });
    await recordModelFailure(env.IMAGES, {
      model,
      status: outcome.status,
      problem: outcome.problem,
      reason: outcome.reason,
      at: new Date().toISOString(),
    });
    if (outcome.problem === "gone") return { kind: "gone", reason: outcome.reason };
    return { kind: "fail", message: MESSAGES.generationUnavailable, reason: outcome.reason, modelCalled: true };
  }

  if (outcome.kind === "transient" && outcome.quota) {
    // the project's quota, not this picture's trouble: it waits for a slot past the delay Google asked for; a
    // day's quota (retry-info.ts answers it with the time to the reset, hours) waits for the reset, without jitter
    const daily = (outcome.retryAfterSeconds ?? 0) >= DAILY_QUOTA_DELAY_SECONDS;
    log("warn", "generation: model quota exhausted, waiting", { headshotId: row.id, retryAfterSeconds: outcome.retryAfterSeconds, daily });
    const delayMs = daily ? outcome.retryAfterSeconds! * 1000 : jitteredDelayMs(outcome.retryAfterSeconds);
    return { kind: "quota", notBefore: Date.now() + delayMs, daily };
  }
  if (outcome.kind === "transient") {
    if (row.attempts >= MAX_ATTEMPTS) {
      log("warn", "generation: giving up", { headshotId: row.id, attempts: row.attempts, reason: outcome.reason });
      return { kind: "fail", message: MESSAGES.generationBusy, reason: outcome.reason, modelCalled: true };
    }
    const delaySeconds = backoffSeconds(row.attempts, outcome.retryAfterSeconds);
    log("warn", "generation: transient failure, retrying", {
      headshotId: row.id,
      attempts: row.attempts,
      delaySeconds,
      reason: outcome.reason,
    });
    return { kind: "retry", delaySeconds, reason: outcome.reason };
  }
  if (outcome.kind === "blocked") {
    // an edit's refusal is of the change: the photo made version 1 (issue 46 item 17)
    const message = row.kind === "edit" ? REFINE_MESSAGES.editDeclined : outcome.reason;
    return { kind: "fail", message, reason: outcome.reason, modelCalled: true };
  }

  let bytes = outcome.bytes;
  let mimeType = outcome.mimeType;
  if (watermarked) {
    // the model's clean picture is kept (never served) for an edit of this one to start from: marked once (issue 46 item 7)
    await putEncrypted(env.IMAGES, config, cleanResultKey(row.userId, row.id), bytes, mimeType);
    bytes = stampWatermark(bytes);
    mimeType = "image/png";
    t = lap(steps, "watermarkMs", t);
  }
  const key = resultKey(row.userId, row.id);
  await putEncrypted(env.IMAGES, config, key, bytes, mimeType);
  lap(steps, "resultMs", t);
  return {
    kind: "image",
    key,
    mimeType,
    watermarked,
    durationMs: Date.now() - started,
    costCents: millsToEuroCents(outcome.costMills),
    // what made it, as Google names it (else the chain's id we called): its Content Credentials name it (decision 343)
    model: outcome.modelVersion ?? model,
  };
}

/** Step 3: the completing move (only a row still processing and not removed), else clean up after the race. */
async function complete(db: Db, env: Env, config: Config, row: Row, image: Extract<Rendered, { kind: "image" }>): Promise<ProcessOutcome> {
  const done = await moveHeadshots(
    db,
    { from: "processing", to: "completed" },
    and(eq(headshots.id, row.id), ne(headshots.moderationStatus, "removed")),
    {
      resultKey: image.key,
      resultMime: image.mimeType,
      watermarked: image.watermarked,
      error: null,
      completedAt: sql`now()`,
      durationMs: image.durationMs,
      costCents: image.costCents,
      model: image.model,
    },
  );
  if (done.length > 0) return { action: "completed" };
  // Someone else finished it (a duplicate delivery), the sweeper failed it, moderation removed it or
  // its owner was deleted meanwhile. Keep the object only if the row is completed and live, so no
  // result exists without a completed row that may serve it.
  const [current] = await db
    .select({ status: headshots.status, moderationStatus: headshots.moderationStatus })
    .from(headshots)
    .where(eq(headshots.id, row.id));
  if (current?.status !== "completed" || current.moderationStatus === "removed") {
    const keys = image.watermarked ? [image.key, cleanResultKey(row.userId, row.id)] : [image.key];
    await env.IMAGES.delete(keys).catch((err) => log("error", "generation: cleanup failed", { key: image.key, ...errorFields(err) }));
  }
  if (current?.status === "processing" && current.moderationStatus === "removed") {
    await failGeneration(db, row.id, MESSAGES.headshotRemoved);
    return { action: "failed", reason: MESSAGES.headshotRemoved };
  }
  return { action: "skipped", status: current?.status ?? null };
}

const defaultSession: OpenSession = (env, fn) => withDb(env, (db) => fn(db));

/** A delay Google asks for this long or longer is the day's quota (retry-info.ts: the time to the next Pacific midnight). */
const DAILY_QUOTA_DELAY_SECONDS = 3600;

/** The minute's and the day's quota of the configured model, as the limiter takes them. */
const quotaOf = (config: Config) => ({ requestsPerDay: config.GEMINI_REQUESTS_PER_DAY });

/** A delivery this early for its reserved slot is its own (Queues' delays are whole seconds), not a duplicate. */
const SLOT_EARLY_SECONDS = 1;

/**
 * The model's slot for this try, from the limiter shared by every isolate (decisions 191 and 235), on the first
 * model of the chain Google still serves: a limiter whose model answered 404 says so (`retired`) and the next one
 * is asked (decision 290). The reservation its job was re-queued for (kept on the row) or a new place; a granted
 * call is waited for here (at most WAIT_IN_PLACE_MS), any other is a reservation to defer to. Null when every
 * model of the chain is gone.
 */
async function modelSlot(env: Env, config: Config, row: Row, now = new Date()): Promise<{ model: string; slot: Slot } | null> {
  for (const model of modelChain(config, now)) {
    const slot = await takeSlot(env, model, config.GEMINI_IMAGES_PER_MINUTE, { reserved: row.waitUntil?.getTime(), ...quotaOf(config) });
    if (slot.retired) continue;
    const ahead = slot.at - Date.now();
    if (slot.granted && ahead > 0) await scheduler.wait(ahead);
    return { model, slot };
  }
  return null;
}

/**
 * Google answered 404 NOT_FOUND for `model`: retired in its limiter, so every isolate's next generation goes to the
 * next model of the chain; kept for Monitoring; the operator mailed once (a failed mail is logged, and the daily
 * check of Google's list tries again: model-list.ts).
 */
async function modelGone(env: Env, config: Config, model: string, reason: string): Promise<void> {
  const first = await retireModel(env, model);
  log("error", "generation: Google no longer serves the image model, the next of the chain takes over", { model, reason, first });
  await recordModelFailure(env.IMAGES, { model, status: 404, problem: "gone", reason, at: new Date().toISOString() });
  const chain = modelChain(config);
  const next = chain[chain.indexOf(model) + 1] ?? null; // the models before it are retired already
  await noticeModelGone({ bucket: env.IMAGES, config, now: new Date() }, model, { serving: next, found: "generation" }).catch(
    (err: unknown) => log("error", "generation: could not tell the operator the model is gone", { model, ...errorFields(err) }),
  );
}

/**
 * Waits for the model's quota without it counting as a try (decision 191): the claim's attempt is given back,
 * the row keeps the reserved slot (the status poll says how long) and a lease past it (decision 190), and the
 * consumer re-queues the job for then. Nothing is charged again: the credit was taken once, at generate. A slot
 * more than MAX_QUOTA_WAIT_SECONDS after the job was queued fails it instead, refunded once; a wait for the day's
 * quota (decision 296) may last until MAX_QUOTA_WAIT_SECONDS after the reset, in re-queues of at most
 * QUEUE_MAX_DELAY_SECONDS. A reservation the job cannot keep (it fails, or the row left `processing` meanwhile)
 * goes back to the limiter (decision 235).
 */
async function defer(openSession: OpenSession, env: Env, config: Config, model: string, row: Row, slot: Slot): Promise<ProcessOutcome> {
  const now = Date.now();
  const giveBack = () => giveBackSlot(env, model, config.GEMINI_IMAGES_PER_MINUTE, slot.at);
  const from = slot.daily ? now : (row.queuedAt?.getTime() ?? now);
  const longest = (slot.daily ? QUEUE_MAX_DELAY_SECONDS * 2 : 0) + MAX_QUOTA_WAIT_SECONDS;
  if (slot.at - from > longest * 1000) {
    log("warn", "generation: the model's quota has no room for it, giving up", {
      headshotId: row.id,
      slot: new Date(slot.at).toISOString(),
    });
    await giveBack();
    await openSession(env, (db) => failGeneration(db, row.id, MESSAGES.generationQueuedTooLong));
    return { action: "failed", reason: MESSAGES.generationQueuedTooLong };
  }
  const waitSeconds = Math.max(1, Math.ceil((slot.at - now) / 1000));
  const waitUntil = new Date(slot.at);
  const kept = await openSession(env, (db) =>
    db
      .update(headshots)
      .set({
        attempts: sql`greatest(${headshots.attempts} - 1, 0)`,
        waitUntil,
        leaseUntil: leaseAfter(waitSeconds),
        updatedAt: sql`now()`,
      })
      .where(and(eq(headshots.id, row.id), eq(headshots.status, "processing")))
      .returning({ id: headshots.id }),
  );
  if (kept.length === 0) {
    // failed, removed or deleted while it asked: nobody will come for the slot
    await giveBack();
    return { action: "skipped", status: null };
  }
  log("info", "generation: waiting for the model's quota", { headshotId: row.id, waitSeconds, daily: slot.daily === true });
  return { action: "defer", delaySeconds: Math.min(waitSeconds, QUEUE_MAX_DELAY_SECONDS), waitUntil };
}

export async function processGeneration(
  env: Env,
  headshotId: string,
  opts: { queuedMs?: number; openSession?: OpenSession } = {},
): Promise<ProcessOutcome> {
  const openSession = opts.openSession ?? defaultSession;
  const config = getConfig(env);
  const steps: Record<string, number> = {};
  const claimStart = performance.now();
  const claimed = await openSession(env, (db) => claim(db, headshotId));
  lap(steps, "claimMs", claimStart);
  if (!("row" in claimed)) return claimed;

  // the model's token from the limiter shared by every isolate (decision 191), or a wait for it; a model Google
  // answers 404 for is retired and this generation tried once on the next of the chain (decision 290)
  let rendered: Exclude<Rendered, { kind: "gone" }>;
  let model = config.GEMINI_MODEL;
  let gone: string | null = null; // the 404 this delivery got, if any
  for (let failover = 0; ; failover++) {
    const taken = await modelSlot(env, config, claimed.row);
    if (!taken) {
      const reason = gone ?? `Google serves no model of the chain (${[config.GEMINI_MODEL, ...config.GEMINI_FALLBACK_MODELS].join(", ")})`;
      log("error", "generation: no image model left", { headshotId, reason });
      rendered = { kind: "fail", message: MESSAGES.generationUnavailable, reason, modelCalled: gone !== null };
      break;
    }
    model = taken.model;
    if (!taken.slot.granted) return defer(openSession, env, config, model, claimed.row, taken.slot);
    const result = await render(env, config, model, claimed.row, claimed.sources, steps);
    if (result.kind === "fail" && !result.modelCalled) {
      // the call it was granted was not made: the next job may use it
      await giveBackSlot(env, model, config.GEMINI_IMAGES_PER_MINUTE, taken.slot.at);
    }
    if (result.kind !== "gone") {
      rendered = result;
      break;
    }
    await modelGone(env, config, model, result.reason);
    gone = result.reason;
    if (failover >= 1) {
      rendered = { kind: "fail", message: MESSAGES.generationUnavailable, reason: result.reason, modelCalled: true };
      break;
    }
  }
  if (rendered.kind === "quota") {
    // a place no earlier than Google asked; one granted at once is given back and deferred to (a new message)
    const later = await takeSlot(env, model, config.GEMINI_IMAGES_PER_MINUTE, {
      notBefore: rendered.notBefore,
      daily: rendered.daily,
      ...quotaOf(config),
    });
    if (later.granted) await giveBackSlot(env, model, config.GEMINI_IMAGES_PER_MINUTE, later.at);
    return defer(openSession, env, config, model, claimed.row, later);
  }
  if (rendered.kind === "retry") {
    // The status poll reads a processing row with an error as "retrying" (decision 100).
    await openSession(env, (db) =>
      db
        .update(headshots)
        .set({ error: rendered.reason, waitUntil: null, leaseUntil: leaseAfter(rendered.delaySeconds), updatedAt: sql`now()` })
        .where(and(eq(headshots.id, headshotId), eq(headshots.status, "processing"))),
    );
    return { action: "retry", delaySeconds: rendered.delaySeconds, reason: rendered.reason };
  }

  const completeStart = performance.now();
  const outcome = await openSession(env, async (db): Promise<ProcessOutcome> => {
    if (rendered.kind === "fail") {
      await failGeneration(db, headshotId, rendered.message);
      return { action: "failed", reason: rendered.reason };
    }
    return complete(db, env, config, claimed.row, rendered);
  });
  if (outcome.action === "completed") {
    lap(steps, "completeMs", completeStart);
    log("info", "generation: completed", { headshotId, queuedMs: opts.queuedMs, ...steps });
  }
  const shootId = claimed.row.shootId;
  if (shootId && (outcome.action === "completed" || outcome.action === "failed")) {
    // the last of a shoot's pictures finishes the shoot (and mails its owner if asked; worker/shoots)
    await openSession(env, (db) => finishShoot(db, env, config, shootId));
  }
  return outcome;
}
