/**
 * Forgot password (issue 22, decision 086): a link by email, single use, valid PASSWORD_RESET_TTL_MINUTES,
 * rate limited per client address and per email, and the same answer whether or not the address has an
 * account. Using it sets the new password and ends every session; it is also a proof of control of the
 * address (proveAddress), so a never-verified account becomes verified and whatever a squatter had set
 * before is gone.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import type { Config } from "../config";
import { hashPassword, storePassword } from "./passwords";
import { endSessions } from "./sessions";
import { createEmailToken, isUsable, proveAddress, retireEmailTokens, useEmailToken } from "./verification";

/** The token of a reset link for the address's account, or null when the address has no account. */
export async function createPasswordReset(db: Db, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user ? createEmailToken(db, user.id, "reset") : null;
}

/**
 * Uses the reset token and sets the password. False when the token is unknown, used or expired (then
 * nothing changes; the password is not even hashed).
 */
export async function resetPassword(
  db: Db,
  config: Pick<Config, "OPERATOR_EMAIL" | "PASSWORD_HASH_ITERATIONS">,
  token: string,
  password: string,
): Promise<boolean> {
  if (!(await isUsable(db, token, ["reset"]))) return false;
  const hash = await hashPassword(config, password);
  return db.transaction(async (tx) => {
    const used = await useEmailToken(tx, token, ["reset"]);
    if (!used.ok) return false;
    await proveAddress(tx, config, used.userId);
    await storePassword(tx, used.userId, hash);
    await endSessions(tx, used.userId, "password-reset");
    await retireEmailTokens(tx, used.userId, ["reset"]);
    return true;
  });
}
