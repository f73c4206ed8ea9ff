/**
 * The CHORES queue's registry (issue 49): each kind of chore is declared once here — its name (the message's one
 * key), its payload's type and its handler. The message union (`ChoreMessage`) is derived from it, and the
 * consumer (worker/queue.ts `runChore`) dispatches through it, so a new chore is one entry.
 */
import type { ChoreKind, ChorePayloads } from "./env";
import type { JobDeps } from "./lib";
import { log } from "./lib";
import { deleteOrphans, purgeImages } from "./headshots";
import { PLAN_BUSY_DELAY_SECONDS, sendNoticeBatch, sendWithdrawalBatch } from "./billing";
import { createMailer } from "./mail";

/** What a chore's handler gets: the consumer's database session, the bucket, the CHORES queue and the config. */
export type ChoreDeps = Pick<JobDeps, "db" | "bucket" | "chores" | "config">;

/**
 * One chore kind: its handler gets its payload, and `sendAgain`, which puts the same message (request id and all)
 * back on the queue as a new one after a delay.
 */
type ChoreHandler<P> = (deps: ChoreDeps, payload: P, sendAgain: (delaySeconds: number) => Promise<void>) => Promise<void>;
export const CHORES: { [K in ChoreKind]: ChoreHandler<ChorePayloads[K]> } = {
  /** Retention's chore (decision 260): the headshots whose objects are deleted (rows already marked). */
  purge: async ({ db, bucket }, purge) => {
    const purged = await purgeImages({ db, bucket }, purge);
    log("info", "retention: photos deleted", { count: purged });
  },
  /** The orphan sweep's chore (issue 47, decision 315): prefixes of objects whose headshot or shoot has no row. */
  orphans: async ({ bucket }, orphans) => {
    const deleted = await deleteOrphans(bucket, orphans);
    log("warn", "cron: deleted photos that had no rows", { prefixes: orphans.length, objects: deleted });
  },
  /**
   * A price change's chore (decision 275): the subscriptions (Stripe ids) of one batch to tell and schedule. A
   * batch whose plan is busy (a withdrawal or another batch holds its lease, decision 250) goes back on the queue
   * as a new message: nothing failed, so it does not count towards the message's retries.
   */
  priceNotices: async ({ db, config, bucket }, batch, sendAgain) => {
    const outcome = await sendNoticeBatch(db, config, createMailer(config, { IMAGES: bucket }), batch);
    if (outcome.busy) await sendAgain(PLAN_BUSY_DELAY_SECONDS);
    else log("info", "billing: price change notices sent", { priceChangeId: batch.priceChangeId, emailed: outcome.emailed });
  },
  /** A withdrawn price change's chore (decision 276): the notices of one batch to release and email (busy: as above). */
  priceWithdrawals: async ({ db, config, bucket }, batch, sendAgain) => {
    const outcome = await sendWithdrawalBatch(db, config, createMailer(config, { IMAGES: bucket }), batch);
    if (outcome.busy) await sendAgain(PLAN_BUSY_DELAY_SECONDS);
    else log("info", "billing: price change withdrawals sent", { priceChangeId: batch.priceChangeId, emailed: outcome.emailed });
  },
};

export type { Chore, ChoreKind, ChoreMessage } from "./env";

/** The kind of a message: its one key that names a chore; undefined for a message no chore knows. */
export function choreKind(message: object): ChoreKind | undefined {
  return Object.keys(message).find((key): key is ChoreKind => Object.hasOwn(CHORES, key));
}
