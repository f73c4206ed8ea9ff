/** Users as the auth routes see them: the public shape, lookups, and Google account linking. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { credits, passwordCredentials, users, type User } from "../../db/schema";
import type { ApiUser } from "../../domain/api";
import type { Config } from "../config";
import type { GoogleIdentity } from "./google";
import { OAuthError, TermsRequiredError } from "./google";
import { isOperatorUser } from "./middleware";
import { revokeAllForUser } from "./sessions";
import { markVerified } from "./verification";

export function toApiUser(config: Pick<Config, "OPERATOR_EMAIL">, u: User): ApiUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    emailVerified: u.emailVerifiedAt !== null,
    isOperator: isOperatorUser(config, u),
  };
}

export async function findUser(db: Db, id: string): Promise<User | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/**
 * Finds or creates the user for a Google identity: by `google_sub` first, then by email (linking the
 * account), else a new user. A Google-verified address counts as verified and gets the free grant.
 *
 * Linking to an account whose address was never verified: whoever registered it could not prove they own
 * the address, and the Google user just did. That account's password and sessions are removed, so a
 * squatter who signed up with someone else's address cannot keep a way in (pre-account takeover).
 *
 * A new account needs `termsAccepted` (the visitor confirmed 13+ and accepted the terms before leaving for
 * Google; docs/decisions/070-terms-acceptance.md); without it nothing is created (TermsRequiredError).
 */
export async function signInWithGoogle(db: Db, id: GoogleIdentity, termsAccepted: boolean): Promise<{ user: User; created: boolean }> {
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, id.sub)).limit(1);
  let user = bySub;
  let created = false;
  if (!user) {
    const [byEmail] = await db.select().from(users).where(eq(users.email, id.email)).limit(1);
    if (byEmail) {
      if (byEmail.googleSub && byEmail.googleSub !== id.sub) throw new OAuthError("address linked to another Google account");
      if (!byEmail.emailVerifiedAt) {
        await db.delete(passwordCredentials).where(eq(passwordCredentials.userId, byEmail.id));
        await revokeAllForUser(db, byEmail.id, "unverified-account-claimed-by-google");
      }
      const [linked] = await db
        .update(users)
        .set({
          googleSub: id.sub,
          firstName: byEmail.firstName ?? id.givenName,
          lastName: byEmail.lastName ?? id.familyName,
          profileImageUrl: byEmail.profileImageUrl ?? id.picture,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
        .returning();
      user = linked ?? byEmail;
    } else {
      if (!termsAccepted) throw new TermsRequiredError("a new account needs the age and terms confirmation");
      const [inserted] = await db
        .insert(users)
        .values({
          email: id.email,
          googleSub: id.sub,
          firstName: id.givenName,
          lastName: id.familyName,
          profileImageUrl: id.picture,
          termsAcceptedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new OAuthError("account created concurrently; try again");
      await db.insert(credits).values({ userId: inserted.id }).onConflictDoNothing();
      user = inserted;
      created = true;
    }
  }
  await markVerified(db, user.id);
  return { user: (await findUser(db, user.id)) ?? user, created };
}
