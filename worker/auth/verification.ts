/**
 * Email verification. Tokens are random, stored only as a SHA-256 hash, valid 24 hours and usable once.
 * Verifying (or a Google-verified sign-in) grants the free generations exactly once: the grant is a
 * conditional upsert on `credits.granted_at is null`, so repeating it changes nothing.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { credits, emailVerifications, users } from "../../db/schema";
import { FREE_GENERATIONS } from "../../domain/limits";
import { randomToken, sha256 } from "./crypto";

export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** Creates a verification token for the user and returns it (the plain token goes only into the email). */
export async function createVerification(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(emailVerifications).values({
    userId,
    tokenHash: await sha256(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000),
  });
  return token;
}

export type VerifyOutcome = { ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" | "used" };

/** Uses the token (once) and marks the address verified. */
export async function consumeVerification(db: Db, token: string): Promise<VerifyOutcome> {
  const tokenHash = await sha256(token);
  const [used] = await db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, sql`now()`)))
    .returning({ userId: emailVerifications.userId });
  if (!used) {
    const [row] = await db
      .select({ usedAt: emailVerifications.usedAt })
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, tokenHash))
      .limit(1);
    return { ok: false, reason: !row ? "invalid" : row.usedAt ? "used" : "expired" };
  }
  await markVerified(db, used.userId);
  return { ok: true, userId: used.userId };
}

/** Marks the user's address verified (keeping the first time) and grants the free generations once. */
export async function markVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db
    .insert(credits)
    .values({ userId, granted: FREE_GENERATIONS, grantedAt: new Date() })
    .onConflictDoUpdate({
      target: credits.userId,
      set: { granted: FREE_GENERATIONS, grantedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: isNull(credits.grantedAt),
    });
}
