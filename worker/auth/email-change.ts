/**
 * Changing the account's email address (issue 22, decision 086): the new address is proved before it
 * replaces the old — a link is mailed to it, and only using that link moves the account — and the old
 * address is told once it has. Every link still pending for the account (verification, password reset,
 * another change) stops working when the address changes, and so do access tokens minted for the old
 * address (the session epoch moves; refresh tokens stay). The operator's address is the exception:
 * operator rights need credentials set after its proof, so moving an account onto it ends its password
 * and every session, exactly as a first proof does.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { passwordCredentials, users } from "../../db/schema";
import type { Config } from "../config";
import { endSessions } from "./sessions";
import { createEmailToken, retireEmailTokens } from "./verification";

/** Whether another account has this address. */
export async function addressTaken(db: Db | Tx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** A link for `newEmail` (earlier change links of the account stop working). */
export async function requestEmailChange(db: Db, userId: string, newEmail: string): Promise<string> {
  return db.transaction(async (tx) => {
    await retireEmailTokens(tx, userId, ["email-change"]);
    return createEmailToken(tx, userId, "email-change", newEmail);
  });
}

export type EmailChange = { ok: true; oldEmail: string; newEmail: string; credentialsEnded: boolean } | { ok: false; reason: "taken" };

/** Moves the account to the address its link proved, inside the transaction that used the link. */
export async function completeEmailChange(
  tx: Tx,
  config: Pick<Config, "OPERATOR_EMAIL">,
  userId: string,
  newEmail: string,
): Promise<EmailChange> {
  if (await addressTaken(tx, newEmail, userId)) return { ok: false, reason: "taken" };
  const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!before) return { ok: false, reason: "taken" };
  await tx.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, userId));
  await retireEmailTokens(tx, userId);
  const operator = newEmail === config.OPERATOR_EMAIL;
  if (operator) {
    await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId));
    await endSessions(tx, userId, "operator-address-proved");
  } else {
    await tx
      .update(users)
      .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(eq(users.id, userId));
  }
  return { ok: true, oldEmail: before.email, newEmail, credentialsEnded: operator };
}
