import type { Db, HttpDb } from "../db";
import type { Config } from "./config";

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

/**
 * Each kind of CHORES message and its payload; the registry (worker/chores.ts) gives each kind its handler and
 * fails to type-check when one has none. Declared here, with types only, so that what reads the messages' shape
 * (the cron, the Node benches) does not pull in every handler's module.
 */
export interface ChorePayloads {
  /** Retention (decision 260): the headshots whose objects are deleted (rows already marked). */
  purge: { id: string; userId: string; shootId: string | null }[];
  /** The orphan sweep (decision 315): prefixes of objects whose headshot or shoot has no row. */
  orphans: string[];
  /** A price change (decision 275): the subscriptions (Stripe ids) of one batch to tell and schedule. */
  priceNotices: { priceChangeId: string; subscriptionIds: string[] };
  /** A withdrawn price change (decision 276): the notices of one batch to release and email. */
  priceWithdrawals: { priceChangeId: string; noticeIds: string[] };
}
export type ChoreKind = keyof ChorePayloads;
/** The message of one chore kind: `{ purge: [...] }`, `{ orphans: [...] }`, … */
export type Chore<K extends ChoreKind> = { [Key in K]: ChorePayloads[Key] };
/** Messages on the CHORES queue: work the cron or the operator hands off, with the sender's request id. */
export type ChoreMessage = { [K in ChoreKind]: Chore<K> }[ChoreKind] & { requestId?: string };
export type PurgeChore = Chore<"purge">;
export type PriceNoticeChore = Chore<"priceNotices">;
export type PriceWithdrawalChore = Chore<"priceWithdrawals">;
export type OrphanChore = Chore<"orphans">;
