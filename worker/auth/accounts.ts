/** Users as the auth routes see them: the public shape, lookups, and Google account linking. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { users, type User } from "../../db/schema";
import type { ApiUser } from "../../domain/api";
import type { Config } from "../config";
import type { GoogleIdentity } from "./google";
import { OAuthError, TermsRequiredError } from "./google";
import { createUser } from "./create-user";
import { isOperatorUser } from "../lib";
import { isLocale, type Locale } from "../../copy";
import { proveAddress, type ProofConfig } from "./verification";

/** `epoch`: the session epoch of the caller's access token, when it is not freshly minted for `u`. */
export function toApiUser(config: Pick<Config, "OPERATOR_EMAIL">, u: User, epoch = u.sessionEpoch): ApiUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    emailVerified: u.emailVerifiedAt !== null,
    isOperator: epoch === u.sessionEpoch && isOperatorUser(config, u),
    locale: u.locale !== null && isLocale(u.locale) ? u.locale : null,
  };
}

export async function findUser(db: Db, id: string): Promise<User | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/**
 * Finds or creates the user for a Google identity: by `google_sub` first, then by email (linking the
 * account), else a new user through the one way in (`createUser`: the sign-up limits apply). A
 * Google-verified address is a proof of control of the address (`proveAddress`): the first one verifies
 * it, grants the free generations, and ends the password and sessions someone set before without having
 * proved it (pre-account takeover; docs/decisions/085-first-proof-of-an-address.md).
 *
 * A new account needs `termsAccepted` (the visitor confirmed 13+ and accepted the terms before leaving for
 * Google; docs/decisions/070-terms-acceptance.md); without it nothing is created (TermsRequiredError).
 */
export async function signInWithGoogle(
  db: Db,
  config: ProofConfig & Pick<Config, "PASSWORD_HASH_ITERATIONS">,
  id: GoogleIdentity,
  termsAccepted: boolean,
  ip: string,
  /** A new account's language: the request's (worker/lib/locale.ts requestLocale). An existing account keeps its own. */
  locale: Locale,
): Promise<{ user: User; created: boolean }> {
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, id.sub)).limit(1);
  if (bySub) {
    await proveAddress(db, config, bySub.id);
    return { user: (await findUser(db, bySub.id)) ?? bySub, created: false };
  }
  const [byEmail] = await db.select().from(users).where(eq(users.email, id.email)).limit(1);
  if (!byEmail) {
    if (!termsAccepted) throw new TermsRequiredError("a new account needs the age and terms confirmation");
    const created = await createUser(db, config, { email: id.email, ip, google: id, locale });
    if (!created) throw new OAuthError("account created concurrently; try again");
    return { user: (await findUser(db, created.id)) ?? created, created: true };
  }
  if (byEmail.googleSub && byEmail.googleSub !== id.sub) throw new OAuthError("address linked to another Google account");
  await db.transaction(async (tx) => {
    // a first proof cleared what was set before it (the squatter's name among it)
    const kept = (await proveAddress(tx, config, byEmail.id)).first ? null : byEmail;
    await tx
      .update(users)
      .set({
        googleSub: id.sub,
        firstName: kept?.firstName ?? id.givenName,
        lastName: kept?.lastName ?? id.familyName,
        profileImageUrl: kept?.profileImageUrl ?? id.picture,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)));
  });
  return { user: (await findUser(db, byEmail.id)) ?? byEmail, created: false };
}
