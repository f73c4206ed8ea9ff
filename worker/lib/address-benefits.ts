/**
 * Once per person, whatever was deleted in between (issue 35, decision 176): the money-back guarantee
 * (a person's own subscription, and once more as a team's owner) and the free generations (the credits
 * ledger claims them, worker/credits/ledger.ts) are remembered under the address's keyed hash
 * (`addressKey`), never the address.
 */
import { and, eq, isNotNull, not, sql } from "drizzle-orm";
import { isTeamPlan } from "../../domain/plans";
import type { Db, Tx } from "../../db";
import { addressBenefits, credits, invoices, refunds, users } from "../../db/schema";
import { addressKey } from "./address-key";

type Session = Db | Tx;
type Secret = { ADDRESS_HASH_SECRET: string };
export type MoneyBackKind = "own" | "team";

/** The address's money-back of this kind was used (the one column, decision 348: a map of kind to when). */
const used = (kind: MoneyBackKind) => sql`(${addressBenefits.moneyBack} ->> ${kind}) is not null`;
/** This kind's money-back used now, as the column holds it. */
const stamp = (kind: MoneyBackKind) => sql`jsonb_build_object(${kind}::text, to_jsonb(now()))`;
/** The column with these kinds' times set to now, each kept when it is there already (the right side of `||` wins). */
const stamped = (kinds: MoneyBackKind[]) => sql`${sql.join(kinds.map(stamp), sql` || `)} || ${addressBenefits.moneyBack}`;

/** The key of the user's address now (null when the user is gone). */
export async function userAddressKey(db: Session, config: Secret, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? addressKey(config, user.email) : null;
}

/** Whether the address already had this money-back. */
export async function moneyBackUsed(db: Session, key: string, kind: MoneyBackKind): Promise<boolean> {
  const [row] = await db
    .select({ key: addressBenefits.addressKey })
    .from(addressBenefits)
    .where(and(eq(addressBenefits.addressKey, key), used(kind)))
    .limit(1);
  return Boolean(row);
}

/** Claims the money-back for the address, atomically: false when it was already used (or is being used now). */
export async function claimMoneyBack(db: Session, key: string, kind: MoneyBackKind): Promise<boolean> {
  const claimed = await db
    .insert(addressBenefits)
    .values({ addressKey: key, moneyBack: stamp(kind) })
    .onConflictDoUpdate({ target: addressBenefits.addressKey, set: { moneyBack: stamped([kind]) }, setWhere: not(used(kind)) })
    .returning({ key: addressBenefits.addressKey });
  return claimed.length > 0;
}

/** Gives a claim back when the refund it was for did not happen. */
export async function releaseMoneyBack(db: Session, key: string, kind: MoneyBackKind): Promise<void> {
  await db
    .update(addressBenefits)
    .set({ moneyBack: sql`${addressBenefits.moneyBack} - ${kind}::text` })
    .where(eq(addressBenefits.addressKey, key));
}

/**
 * Before an account is deleted: what its address had (the free generations granted, money-back refunds)
 * is remembered under the key, for accounts from before these were recorded as they happened.
 */
export async function rememberAddress(tx: Tx, config: Secret, userId: string): Promise<void> {
  const key = await userAddressKey(tx, config, userId);
  if (!key) return;
  const [granted] = await tx
    .select({ at: credits.grantedAt })
    .from(credits)
    .where(and(eq(credits.userId, userId), isNotNull(credits.grantedAt)));
  const moneyBack = await tx
    .select({ plan: invoices.planType })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.stripeInvoiceId, refunds.stripeInvoiceId))
    .where(and(eq(refunds.userId, userId), eq(refunds.reason, MONEY_BACK_REASON)));
  const kinds = [...new Set(moneyBack.map((r): MoneyBackKind => (r.plan && isTeamPlan(r.plan) ? "team" : "own")))];
  const change = {
    ...(granted ? { freeGenerationsUser: sql`coalesce(${addressBenefits.freeGenerationsUser}, ${userId}::uuid)` } : {}),
    ...(kinds.length > 0 ? { moneyBack: stamped(kinds) } : {}),
  };
  if (Object.keys(change).length === 0) return;
  await tx.insert(addressBenefits).values({ addressKey: key }).onConflictDoNothing();
  await tx.update(addressBenefits).set(change).where(eq(addressBenefits.addressKey, key));
}

/** The reason stored with a money-back refund (worker/billing/money-back.ts). */
export const MONEY_BACK_REASON = "money-back guarantee";
