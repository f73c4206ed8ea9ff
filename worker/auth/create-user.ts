/**
 * Creating a user, the one way in (password sign-up at /api/auth/signup and a first Google sign-in), as
 * `worker/account/delete-user.ts` is the one way out. Both are counted against the same sign-up limits (per client
 * address and per email), and the user, their password and their credits row are written in one
 * transaction: a failure leaves no half-made account. A Google account arrives with its address proved
 * by Google, so the same transaction records that proof (verified, free generations granted).
 */
import type { Config } from "../config";
import type { Db } from "../../db";
import { passwordCredentials, users, type User } from "../../db/schema";
import { authLimits } from "./limits";
import { openCredits } from "../credits";
import { hashPassword } from "./passwords";
import { proveAddress, type ProofConfig } from "./verification";
import { enforce, said } from "../lib";
import { m, type Locale } from "../../copy";

export const SIGNUP_THROTTLED = said(m.errors_signup_throttled);

export interface NewUser {
  email: string;
  /** The client address the sign-up came from (rate limits). */
  ip: string;
  /** A password sign-up's password, or the Google identity of a Google sign-up. */
  password?: string;
  google?: { sub: string; givenName: string | null; familyName: string | null; picture: string | null };
  /** The account's language: the sign-up request's (its `locale` cookie, else Accept-Language; worker/lib/locale.ts). */
  locale: Locale;
}

/**
 * Creates the user, or answers null when the address already has an account. Throws the 429 ApiError when
 * a sign-up limit is reached (before anything is hashed or written).
 */
export async function createUser(
  db: Db,
  config: ProofConfig & Pick<Config, "PASSWORD_HASH_ITERATIONS">,
  account: NewUser,
): Promise<User | null> {
  await enforce(db, await authLimits("signup", account.ip, account.email), SIGNUP_THROTTLED);
  const hash = account.password === undefined ? null : await hashPassword(config, account.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        termsAcceptedAt: new Date(),
        googleSub: account.google?.sub,
        firstName: account.google?.givenName,
        lastName: account.google?.familyName,
        profileImageUrl: account.google?.picture,
        locale: account.locale,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return null;
    if (hash) await tx.insert(passwordCredentials).values({ userId: user.id, ...hash });
    await openCredits(tx, user.id);
    if (account.google) await proveAddress(tx, config, user.id);
    return user;
  });
}
