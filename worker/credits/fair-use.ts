/**
 * The fair-use allowance of a paid plan or team seat (docs/decisions/295-fair-use-an-allowance-that-refills.md):
 * a bucket of pictures, FAIR_USE[plan].atOnce when full, refilling continuously at the plan's rate. Its state is
 * two columns of the user's row (`fair_use_tokens` at `fair_use_at`; null: full), so every statement here runs
 * under that row's lock, in the transaction that starts the pictures:
 * - `takeStatement`: takes `n` pictures, or writes nothing when the allowance holds fewer (the condition is
 *   evaluated on the locked row, so concurrent starts of one person are exact);
 * - `fairUseRefusal`: the 429 that says when the next picture (or the whole set) is possible;
 * - `giveBackFairUse`: a failed picture's share back, once (the headshot's `fair_use_charged` mark is cleared
 *   in the same statement), called by the ledger's refund so every failure path gives both back.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { users } from "../../db/schema";
import { fairUseRefillPerDay } from "../../domain/limits";
import { FAIR_USE, TEAM_PLAN, type FairUsePlan } from "../../domain/plans";
import { roundedWait } from "../../domain/words";
import { said, tooManyRequests, type ApiError, type Words } from "../lib";
import { m } from "../../copy";
import type { Allowance } from "./allowance";

type Paid = Extract<Allowance, { kind: "subscriber" | "team" }>;

/** Whose allowance a paid person draws on: their plan's, or a team seat's. */
export const fairUsePlanOf = (a: Paid): FairUsePlan => (a.kind === "team" ? TEAM_PLAN.id : a.plan);

const perSecond = (plan: FairUsePlan) => fairUseRefillPerDay(FAIR_USE[plan]) / 86_400;

/** The pictures the allowance holds now (at the transaction's `now()`), as SQL over the user's row. */
const heldNow = (plan: FairUsePlan): SQL => {
  const full = FAIR_USE[plan].atOnce;
  return sql`least(${full}::float8, coalesce(${users.fairUseTokens} + extract(epoch from now() - ${users.fairUseAt})::float8 * ${perSecond(plan)}::float8, ${full}::float8))`;
};

/** What the allowance holds now, read in JavaScript from the row's columns and the database's clock. */
export function heldAt(plan: FairUsePlan, row: { tokens: number | null; at: Date | null }, now: Date): number {
  const full = FAIR_USE[plan].atOnce;
  if (row.tokens === null || row.at === null) return full;
  return Math.min(full, row.tokens + ((now.getTime() - row.at.getTime()) / 1000) * perSecond(plan));
}

/** The user's allowance columns and the database's clock, for `heldAt` (one statement, batchable). */
export const fairUseRowStatement = (db: Db | Tx | HttpDb, userId: string) =>
  db
    .select({ tokens: users.fairUseTokens, at: users.fairUseAt, now: sql<string>`now()` })
    .from(users)
    .where(eq(users.id, userId));

/** The write that takes `n` pictures, and its condition: the allowance holds that many (and `onlyIf`). */
const take = (userId: string, plan: FairUsePlan, n: number, onlyIf: SQL = sql`true`) => ({
  set: { fairUseTokens: sql`${heldNow(plan)} - ${n}::float8`, fairUseAt: sql`now()` },
  where: and(eq(users.id, userId), sql`${heldNow(plan)} >= ${n}::float8`, onlyIf),
});

/**
 * Takes `n` pictures from the allowance of `plan` when it holds that many (and `onlyIf`, e.g. "the headshot is
 * still pending"), stamping `fair_use_at` with the transaction's `now()`; returns no row, having written nothing,
 * otherwise. A statement for a batch (one round trip); run it with the user's row locked.
 */
export const takeStatement = (db: HttpDb, userId: string, plan: FairUsePlan, n: number, onlyIf?: SQL) => {
  const { set, where } = take(userId, plan, n, onlyIf);
  return db.update(users).set(set).where(where).returning({ held: users.fairUseTokens });
};

/** Takes `n` pictures or throws the refusal (under the user's row lock, in `tx`). */
export async function takeFairUse(tx: Tx, userId: string, a: Paid, n: number): Promise<void> {
  const plan = fairUsePlanOf(a);
  const { set, where } = take(userId, plan, n);
  if ((await tx.update(users).set(set).where(where).returning({ held: users.fairUseTokens })).length > 0) return;
  const [row] = await fairUseRowStatement(tx, userId);
  throw fairUseRefusal(plan, heldAt(plan, { tokens: row?.tokens ?? null, at: row?.at ?? null }, new Date(row?.now ?? Date.now())), n);
}

/**
 * The 429 for `n` pictures when the allowance holds `held`: what the allowance is, and when the next picture
 * (or all `n`) will be possible, in words and as Retry-After.
 */
export function fairUseRefusal(plan: FairUsePlan, held: number, n: number): ApiError {
  const full = FAIR_USE[plan].atOnce;
  const wait = Math.max(60, Math.ceil((Math.min(n, full) - held) / perSecond(plan)));
  const now = Math.floor(Math.max(0, held));
  const caps = capsWords(plan);
  if (n === 1) return tooManyRequests(said(m.errors_fair_use_next, { caps, wait: waitWords(wait) }), wait, "fair_use");
  const words =
    n > full
      ? said(m.errors_fair_use_set_at_most, { count: n, caps, now, full })
      : said(m.errors_fair_use_set_later, { count: n, caps, now, wait: waitWords(wait) });
  return tooManyRequests(words, wait, "fair_use");
}

/** A plan's fair-use allowance in the reader's words: "up to 15 pictures at once, then 5 a day" (domain's fairUseCaps). */
function capsWords(plan: FairUsePlan): Words {
  const { atOnce, refill, per } = FAIR_USE[plan];
  const refillWords = per === "week" ? said(m.common_refill_week, { count: refill }) : said(m.common_refill_day, { count: refill });
  return said(m.common_fair_use_caps, { atOnce, refill: refillWords });
}

/** A wait in the reader's words: "about 3 hours", "etwa 3 Stunden" (domain's roundedWait). */
function waitWords(seconds: number): Words {
  const { unit, count } = roundedWait(seconds);
  const message = unit === "minute" ? m.errors_wait_minutes : unit === "hour" ? m.errors_wait_hours : m.errors_wait_days;
  return said(message, { count });
}

/**
 * Gives back the share of each listed headshot still marked `fair_use_charged` (any owners) and clears the
 * mark in the same statement, so a second failure path or a duplicate delivery gives nothing twice. The
 * allowance may then hold more than full for a moment; the next take caps it.
 */
export async function giveBackFairUse(db: Db | Tx, headshotIds: readonly string[]): Promise<void> {
  if (headshotIds.length === 0) return;
  await db.execute(sql`
    with given as (
      update headshots set fair_use_charged = false, updated_at = now()
      where id in (${sql.join(
        headshotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and fair_use_charged
      returning user_id
    )
    update users u set fair_use_tokens = u.fair_use_tokens + g.n
    from (select user_id, count(*)::float8 as n from given group by user_id) g
    where u.id = g.user_id
  `);
}
