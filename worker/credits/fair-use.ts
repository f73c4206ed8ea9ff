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
import { FAIR_USE, TEAM_PLAN, fairUseCaps, type FairUsePlan } from "../../domain/plans";
import { aboutDuration, count } from "../../domain/words";
import { tooManyRequests, type ApiError } from "../lib";
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
  if (n === 1) {
    return tooManyRequests(
      `You've used your fair-use allowance for now (${fairUseCaps(plan)}). Your next picture is possible in ${aboutDuration(wait)}.`,
      wait,
      "fair_use",
    );
  }
  const when = n > full ? `at most ${full} at once` : `all ${n} in ${aboutDuration(wait)}`;
  return tooManyRequests(
    `That's ${count(n, "picture")}, and your fair-use allowance (${fairUseCaps(plan)}) has room for ${now} just now. Choose up to ${now} now, or ${when}.`,
    wait,
    "fair_use",
  );
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
