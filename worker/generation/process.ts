/**
 * The queue consumer's work for one `{headshotId}` message. Delivery is at least once, so:
 * - a row that is not `processing` is skipped (already done, failed, or never started);
 * - completing is `UPDATE ... WHERE status = 'processing'`, so two deliveries cannot both complete,
 *   and a completion cannot undo the sweeper's failure (nor the other way round).
 * - a headshot removed by moderation, or whose owner was deleted, while its generation ran keeps no
 *   result: the completing UPDATE also requires a live row (not `removed`), and when it matches nothing
 *   the object just written is deleted again (the removal's own prefix delete may have run before the
 *   write). A removed row still `processing` is failed at once (with the refund) instead of waiting
 *   for the sweeper.
 * Transient model errors ask the queue to retry with backoff until MAX_ATTEMPTS, then the row fails
 * with 'Generation failed' and the free generation is refunded. A safety block or an answer without an
 * image fails at once with a readable reason (and a refund).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { withDb } from "../lib/context";
import { errorFields, log } from "../lib/log";
import { getDecrypted, putEncrypted } from "../storage/encrypted";
import { resultKey } from "../storage/keys";
import { MESSAGES } from "../../domain/limits";
import { styleById, type Gender, type StyleId } from "../../domain/styles";
import { buildPrompt } from "./prompts";
import { generateHeadshotImage } from "./gemini";
import { stampWatermark } from "./watermark";
import { failGeneration } from "./fail";

/** Tries per headshot (the queue's max_retries is 5, so we give up before the dead-letter queue). */
export const MAX_ATTEMPTS = 4;

export type ProcessOutcome =
  | { action: "skipped"; status: string | null }
  | { action: "completed" }
  | { action: "failed"; reason: string }
  | { action: "retry"; delaySeconds: number; reason: string };

/** 15 s, 60 s, 240 s ... capped at 10 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(600, 15 * 4 ** Math.max(0, attempt - 1));
}

/** Milliseconds since `since`, added to `steps[name]`: where a generation's time goes, logged when it completes. */
function lap(steps: Record<string, number>, name: string, since: number): number {
  const now = performance.now();
  steps[name] = Math.round(now - since);
  return now;
}

export async function processGeneration(env: Env, headshotId: string, queuedMs?: number): Promise<ProcessOutcome> {
  const steps: Record<string, number> = {};
  let t = performance.now();
  return withDb(env, async (db, config) => {
    // Claim this attempt: only a row still processing counts, and the attempt is recorded first.
    const [row] = await db
      .update(headshots)
      .set({ attempts: sql`${headshots.attempts} + 1`, startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(headshots.id, headshotId), eq(headshots.status, "processing")))
      .returning();
    t = lap(steps, "claimMs", t);
    if (!row) {
      const [current] = await db.select({ status: headshots.status }).from(headshots).where(eq(headshots.id, headshotId));
      return { action: "skipped", status: current?.status ?? null };
    }
    const started = Date.now();
    if (row.moderationStatus === "removed") {
      // removed between `generate` and this delivery: no model call, nothing written
      await failGeneration(db, headshotId, MESSAGES.headshotRemoved);
      return { action: "failed", reason: MESSAGES.headshotRemoved };
    }

    // A processing row always has its key (retention only nulls finished ones); null reads as missing.
    const original = row.originalKey ? await getDecrypted(env.IMAGES, config, row.originalKey) : null;
    t = lap(steps, "originalMs", t);
    const style = styleById(row.style);
    if (!original || !style) {
      const reason = !original ? "The uploaded photo is missing." : `Unknown style ${row.style}.`;
      log("error", "generation: cannot start", { headshotId, reason });
      await failGeneration(db, headshotId, MESSAGES.generationFailed);
      return { action: "failed", reason };
    }

    const outcome = await generateHeadshotImage(config, {
      bytes: original.bytes,
      mimeType: original.contentType,
      prompt: buildPrompt(style.id as StyleId, row.gender as Gender | null),
    });
    t = lap(steps, "modelMs", t);

    if (outcome.kind === "transient") {
      if (row.attempts >= MAX_ATTEMPTS) {
        log("warn", "generation: giving up", { headshotId, attempts: row.attempts, reason: outcome.reason });
        await failGeneration(db, headshotId, MESSAGES.generationFailed);
        return { action: "failed", reason: outcome.reason };
      }
      const delaySeconds = backoffSeconds(row.attempts);
      log("warn", "generation: transient failure, retrying", { headshotId, attempts: row.attempts, delaySeconds, reason: outcome.reason });
      return { action: "retry", delaySeconds, reason: outcome.reason };
    }
    if (outcome.kind === "blocked") {
      await failGeneration(db, headshotId, outcome.reason);
      return { action: "failed", reason: outcome.reason };
    }

    // Free generations (the ones that took a credit) are watermarked; subscribers' are not.
    const watermarked = row.chargedCredit;
    let bytes = outcome.bytes;
    let mimeType = outcome.mimeType;
    if (watermarked) {
      bytes = stampWatermark(bytes);
      mimeType = "image/png";
      t = lap(steps, "watermarkMs", t);
    }

    const key = resultKey(row.userId, row.id);
    await putEncrypted(env.IMAGES, config, key, bytes, mimeType);
    t = lap(steps, "resultMs", t);
    const durationMs = Date.now() - started;
    const done = await db
      .update(headshots)
      .set({
        status: "completed",
        resultKey: key,
        resultMime: mimeType,
        watermarked,
        error: null,
        completedAt: sql`now()`,
        durationMs,
        costCents: config.GEMINI_IMAGE_COST_CENTS,
        updatedAt: sql`now()`,
      })
      .where(and(eq(headshots.id, headshotId), eq(headshots.status, "processing"), ne(headshots.moderationStatus, "removed")))
      .returning({ id: headshots.id });
    if (done.length === 0) {
      // Someone else finished it (a duplicate delivery), the sweeper failed it, moderation removed it or
      // its owner was deleted meanwhile. Keep the object only if the row is completed and live, so no
      // result exists without a completed row that may serve it.
      const [current] = await db
        .select({ status: headshots.status, moderationStatus: headshots.moderationStatus })
        .from(headshots)
        .where(eq(headshots.id, headshotId));
      if (current?.status !== "completed" || current.moderationStatus === "removed") {
        await env.IMAGES.delete(key).catch((err) => log("error", "generation: cleanup failed", { key, ...errorFields(err) }));
      }
      if (current?.status === "processing" && current.moderationStatus === "removed") {
        await failGeneration(db, headshotId, MESSAGES.headshotRemoved);
        return { action: "failed", reason: MESSAGES.headshotRemoved };
      }
      return { action: "skipped", status: current?.status ?? null };
    }
    lap(steps, "completeMs", t);
    log("info", "generation: completed", { headshotId, queuedMs, ...steps });
    return { action: "completed" };
  });
}
