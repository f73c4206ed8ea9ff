import type { Db, HttpDb } from "../db";
import type { Config } from "./config";
import type { Chore } from "./chores";

/** What the signed-in request carries after `requireUser` (see worker/lib/access.ts). */
export interface AuthUser {
  id: string;
  email: string;
  /** The user's session epoch when the token was issued (`users.session_epoch`; decision 085). */
  epoch: number;
  /** The session (refresh-token family) the token was minted for; absent on tokens minted before it was carried. */
  session?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    /** A database session (WebSocket): transactions and general use. */
    db: Db;
    /** Single statements over HTTP, no session: the polled hot paths. */
    httpDb: HttpDb;
    user: AuthUser;
  };
}

/**
 * Messages on the GENERATIONS queue (and, after max_retries, its dead-letter queue). Each carries the request id
 * of the request that sent it, so the consumer's log lines carry it too (decision 187).
 */
/**
 * A generation's message: the headshot; `until`, on a hop of a wait longer than Queues' longest delay (the day's
 * quota, decision 296), the slot it waits for.
 */
export type GenerationMessage = { headshotId: string; requestId?: string; until?: number };
export type QueueMessage = GenerationMessage | ({ ping: string } & { requestId?: string });

/** The CHORES queue's messages, one type per chore kind, derived from its registry (worker/chores.ts). */
export type { ChoreMessage } from "./chores";
export type PurgeChore = Chore<"purge">;
export type PriceNoticeChore = Chore<"priceNotices">;
export type PriceWithdrawalChore = Chore<"priceWithdrawals">;
export type OrphanChore = Chore<"orphans">;
