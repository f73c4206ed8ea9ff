/**
 * The credits ledger: the only code that writes the `credits` table (eslint.config.js fails on any other
 * writer). Every function runs inside the CALLER's transaction (or session), so a credit moves together
 * with whatever it pays for, or not at all.
 *
 * - `openCredits`: a new account's row, nothing granted yet.
 * - `grantFreeGenerations`: FREE_GENERATIONS, once per account (verification or a Google-verified
 *   sign-in); a conditional upsert on `granted_at is null`, so repeating it changes nothing. And once per
 *   address (decision 176): the first account of the address's keyed hash claims them; another account of
 *   the same address (one deleted and made again, a "+tag" alias) gets 0.
 * - `chargeGenerations`: N free generations for N headshots, all or none, in one statement; the row lock
 *   of `UPDATE ... WHERE used + n <= granted` makes concurrent charges exact (Postgres re-checks the
 *   condition after waiting for the lock). Each charged headshot is marked `charged_credit`.
 * - `refundGenerations`: gives back the generation of each listed headshot still marked charged and
 *   clears the mark in the same statement, so a retry, a second failure path or a duplicate delivery
 *   never refunds twice; with it, whatever else the headshot took: its share of a paid plan's fair use
 *   (./fair-use.ts) and a free redo (./free-redos.ts), each once.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, HttpDb, Tx } from "../../db";
import { addressBenefits, credits } from "../../db/schema";
import { FREE_GENERATIONS } from "../../domain/limits";
import { giveBackFairUse } from "./fair-use";
import { giveBackFreeRedos } from "./free-redos";

type Session = Db | Tx;

/** A new account's credits row (nothing granted until the address is verified). */
export async function openCredits(db: Session, userId: string): Promise<void> {
  await db.insert(credits).values({ userId }).onConflictDoNothing();
}

/**
 * Grants the free generations, once per account and once per address (`addressKey`, the keyed hash of
 * the account's address): true when this call granted them (0 of them when the address had them before).
 */
export async function grantFreeGenerations(db: Session, userId: string, addressKey: string): Promise<boolean> {
  const [claim] = await db
    .insert(addressBenefits)
    .values({ addressKey, freeGenerationsUser: userId })
    .onConflictDoUpdate({
      target: addressBenefits.addressKey,
      set: { freeGenerationsUser: sql`coalesce(${addressBenefits.freeGenerationsUser}, excluded.free_generations_user)` },
    })
    .returning({ userId: addressBenefits.freeGenerationsUser });
  const amount = claim?.userId === userId ? FREE_GENERATIONS : 0;
  const granted = await db
    .insert(credits)
    .values({ userId, granted: amount, grantedAt: sql`now()` })
    .onConflictDoUpdate({
      target: credits.userId,
      set: { granted: amount, grantedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${credits.grantedAt} is null`,
    })
    .returning({ userId: credits.userId });
  return granted.length > 0;
}

/**
 * Takes one free generation per headshot in `headshotIds` (the user's, none charged yet), all or none:
 * false, with nothing written, when fewer than that many are left.
 */
export async function chargeGenerations(db: Session, userId: string, headshotIds: readonly string[]): Promise<boolean> {
  if (headshotIds.length === 0) return true;
  return chargedAll(await db.execute(chargeSql(userId, headshotIds)), headshotIds.length);
}

/**
 * `chargeGenerations` as a statement for a batch sent as one round trip (`HttpDb.batch`, issue 38), whose
 * answer `chargedAll` reads. `onlyIf` is a further condition of the charge (e.g. the headshot still
 * pending), read in the statement's snapshot: when it is false nothing is written and `chargedAll` is false.
 */
export const chargeStatement = (db: HttpDb, userId: string, headshotIds: readonly string[], onlyIf?: SQL) =>
  db.execute(chargeSql(userId, headshotIds, onlyIf));

function chargeSql(userId: string, headshotIds: readonly string[], onlyIf: SQL = sql`true`) {
  const n = headshotIds.length;
  return sql`
    with charged as (
      update credits set used = used + ${n}, updated_at = now()
      where user_id = ${userId} and used + ${n} <= granted and ${onlyIf}
      returning user_id
    ), marked as (
      update headshots set charged_credit = true, updated_at = now()
      where id in (${sql.join(
        headshotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and user_id = ${userId} and not charged_credit and exists (select 1 from charged)
      returning id
    )
    select (select count(*)::int from charged) as charged, (select count(*)::int from marked) as marked
  `;
}

/** Whether the charge of `n` headshots was taken (false: too few left, or `onlyIf` false; nothing written). */
export function chargedAll(result: { rows: unknown[] }, n: number): boolean {
  const [row] = result.rows as { charged: number; marked: number }[];
  if (!row || row.charged === 0) return false;
  // A headshot that is not the user's or was already charged is a caller's bug: throwing rolls the
  // caller's transaction (and this charge) back.
  if (row.marked !== n) throw new Error(`chargeGenerations: ${n - row.marked} of ${n} headshots not chargeable`);
  return true;
}

export interface Refund {
  headshotId: string;
  userId: string;
}

/**
 * Gives back the free generation of each headshot in `headshotIds` still marked charged (any owners),
 * and clears the mark, recording `credit_refunded` (the owner is told). Returns the headshots refunded now;
 * a repeat returns none and changes nothing.
 */
export async function refundGenerations(db: Session, headshotIds: readonly string[]): Promise<Refund[]> {
  if (headshotIds.length === 0) return [];
  const result = await db.execute(sql`
    with cleared as (
      update headshots set charged_credit = false, credit_refunded = true, updated_at = now()
      where id in (${sql.join(
        headshotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and charged_credit
      returning id, user_id
    ), refunded as (
      update credits c set used = greatest(c.used - r.n, 0), updated_at = now()
      from (select user_id, count(*)::int as n from cleared group by user_id) r
      where c.user_id = r.user_id
      returning c.user_id
    )
    select id, user_id from cleared
  `);
  // what else the pictures took comes back with them: their share of fair use, a free redo (decisions 295, 202)
  await giveBackFairUse(db, headshotIds);
  await giveBackFreeRedos(db, headshotIds);
  return (result.rows as { id: string; user_id: string }[]).map((r) => ({ headshotId: r.id, userId: r.user_id }));
}
