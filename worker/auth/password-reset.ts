/**
 * Forgot password (issue 22, decision 086): a link by email, single use, valid PASSWORD_RESET_TTL_MINUTES,
 * rate limited per client address and per email, and the same answer whether or not the address has an
 * account. Using it sets the new password and ends every session; it is also a proof of control of the
 * address (proveAddress), so a never-verified account becomes verified and whatever a squatter had set
 * before is gone.
 */
import type { Config } from "../config";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { users } from "../../db/schema";
import { hashPassword, storePassword, type PasswordHash } from "./passwords";
import { endSessions } from "./sessions";
import { createEmailToken, isUsable, proveAddress, retireEmailTokens, useEmailToken, type ProofConfig } from "./verification";

/** The token of a reset link for the address's account, or null when the address has no account. */
export async function createPasswordReset(db: Db, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user ? createEmailToken(db, user.id, "reset") : null;
}

/** A password set by recovery: whose, at which address, and the email changes it cancelled (to tell the address). */
export interface PasswordSet {
  userId: string;
  email: string;
  cancelledEmailChanges: string[];
}

/**
 * Sets a new password and ends every session; every link mailed before stops working
 * (an email change someone asked with the old password included; issue 35). In the caller's transaction.
 */
export async function setPasswordAndEndSessions(
  tx: Tx,
  userId: string,
  hash: PasswordHash,
  reason: "password-reset" | "password-changed",
): Promise<PasswordSet> {
  await storePassword(tx, userId, hash);
  await endSessions(tx, userId, reason);
  const cancelledEmailChanges = await retireEmailTokens(tx, userId);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { userId, email: user!.email, cancelledEmailChanges };
}

/**
 * Uses the reset token and sets the password. Null when the token is unknown, used or expired (then
 * nothing changes; the password is not even hashed).
 */
export async function resetPassword(
  db: Db,
  config: ProofConfig & Pick<Config, "PASSWORD_HASH_ITERATIONS">,
  token: string,
  password: string,
): Promise<PasswordSet | null> {
  if (!(await isUsable(db, token, ["reset"]))) return null;
  const hash = await hashPassword(config, password);
  return db.transaction(async (tx) => {
    const used = await useEmailToken(tx, token, ["reset"]);
    if (!used.ok) return null;
    await proveAddress(tx, config, used.userId);
    return setPasswordAndEndSessions(tx, used.userId, hash, "password-reset");
  });
}
