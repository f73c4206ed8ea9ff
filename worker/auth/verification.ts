/**
 * Links mailed to prove control of an address: email verification, password reset and email change.
 * Tokens are random, stored only as a SHA-256 hash, usable once; verification and email-change links are
 * valid VERIFICATION_TTL_HOURS, password resets PASSWORD_RESET_TTL_MINUTES (domain/limits.ts).
 *
 * The first proof of control of an address (the verification link, a Google sign-in, a password reset)
 * ends every session and password set before it by someone who had not proved it, every link mailed
 * before it, and the profile name and team they set up (proveAddress,
 * docs/decisions/085-first-proof-of-an-address.md, 175-recovery-retires-every-link.md), and grants the free generations exactly once (the
 * credits ledger's `grantFreeGenerations`), so repeating it changes nothing.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { emailVerifications, passwordCredentials, teams, users } from "../../db/schema";
import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION_TTL_HOURS } from "../../domain/limits";
import { teamSubscriptionOf } from "../billing";
import { grantFreeGenerations } from "../credits";
import { userAddressKey } from "../lib";
import type { Config } from "../config";
import { randomToken, sha256 } from "./crypto";
import { endSessions, moveSessionEpoch } from "./sessions";

export type EmailTokenPurpose = "verify" | "reset" | "email-change";

export const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenPurpose, number> = {
  verify: VERIFICATION_TTL_HOURS * 60 * 60,
  reset: PASSWORD_RESET_TTL_MINUTES * 60,
  "email-change": VERIFICATION_TTL_HOURS * 60 * 60,
};
export const VERIFICATION_TTL_SECONDS = EMAIL_TOKEN_TTL_SECONDS.verify;

/** Creates a token for the user and returns it (the plain token goes only into the email or the redirect). */
export async function createEmailToken(db: Db | Tx, userId: string, purpose: EmailTokenPurpose, newEmail?: string): Promise<string> {
  const token = randomToken();
  await db.insert(emailVerifications).values({
    userId,
    purpose,
    newEmail: newEmail ?? null,
    tokenHash: await sha256(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return token;
}

export const createVerification = (db: Db, userId: string) => createEmailToken(db, userId, "verify");

export type TokenFailure = { ok: false; reason: "invalid" | "expired" | "used" };
export type UsedToken = { ok: true; userId: string; purpose: EmailTokenPurpose; newEmail: string | null };

const usable = (tokenHash: string, purposes: EmailTokenPurpose[]) =>
  and(
    eq(emailVerifications.tokenHash, tokenHash),
    inArray(emailVerifications.purpose, purposes),
    isNull(emailVerifications.usedAt),
    gt(emailVerifications.expiresAt, sql`now()`),
  );

/** Whether the token could be used now (no change): the reset form checks before hashing a password. */
export async function isUsable(db: Db, token: string, purposes: EmailTokenPurpose[]): Promise<boolean> {
  const [row] = await db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(usable(await sha256(token), purposes))
    .limit(1);
  return Boolean(row);
}

/** Uses the token (once, atomically): only one request can use a given token. */
export async function useEmailToken(db: Db | Tx, token: string, purposes: EmailTokenPurpose[]): Promise<UsedToken | TokenFailure> {
  const tokenHash = await sha256(token);
  const [used] = await db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash, purposes))
    .returning({ userId: emailVerifications.userId, purpose: emailVerifications.purpose, newEmail: emailVerifications.newEmail });
  if (used) return { ok: true, userId: used.userId, purpose: used.purpose as EmailTokenPurpose, newEmail: used.newEmail };
  const [row] = await db
    .select({ usedAt: emailVerifications.usedAt, purpose: emailVerifications.purpose })
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, tokenHash))
    .limit(1);
  if (!row || !purposes.includes(row.purpose as EmailTokenPurpose)) return { ok: false, reason: "invalid" };
  return { ok: false, reason: row.usedAt ? "used" : "expired" };
}

const ALL_PURPOSES: EmailTokenPurpose[] = ["verify", "reset", "email-change"];

/**
 * Every unused link of the user of these kinds (by default every kind) stops working: once the address
 * changed, and on every recovery (a password reset or change, the first proof of the address; issue 35).
 * Answers the addresses of the email changes it cancelled, so the account's address can be told.
 */
export async function retireEmailTokens(db: Db | Tx, userId: string, purposes = ALL_PURPOSES): Promise<string[]> {
  const retired = await db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerifications.userId, userId), inArray(emailVerifications.purpose, purposes), isNull(emailVerifications.usedAt)))
    .returning({ newEmail: emailVerifications.newEmail });
  return [...new Set(retired.flatMap((r) => (r.newEmail ? [r.newEmail] : [])))];
}

/** What a proof needs of the configuration: the operator's address, and the secret keying addresses (decision 176). */
export type ProofConfig = Pick<Config, "OPERATOR_EMAIL" | "ADDRESS_HASH_SECRET">;

/** What a proof of the address did: whether it was the first, and whether a password set before it was removed. */
export interface Proof {
  first: boolean;
  passwordRemoved: boolean;
}

/**
 * What someone who had not proved the address set up on the account (a password sign-up the first proof
 * ends): the profile name and picture, and a team they own (unless a live subscription pays for it: that is someone's money, closed the usual way).
 */
async function clearUnprovedSetup(db: Db | Tx, userId: string): Promise<void> {
  await db.update(users).set({ firstName: null, lastName: null, profileImageUrl: null }).where(eq(users.id, userId));
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, userId)).limit(1);
  if (team && !(await teamSubscriptionOf(db, team.id))?.live) await db.delete(teams).where(eq(teams.id, team.id));
}

/**
 * Records a proof of control of the user's address. The first one marks it verified, grants the free
 * generations and ends what was set before it by someone who had not proved the address: every session
 * (and with them the access tokens' epoch) and the password.
 *
 * `passwordConfirmed`: whoever presents the proof also showed they know the account's password — the link
 * opened in a browser signed in to this very account, or the sign-up password typed on /auth/verify
 * (decision 325). Before the first proof the only ways in are the password's (a sign-up or a sign-in; a
 * Google sign-in or a reset is itself a proof), so every session is that person's: the password and every
 * session stay, and only the access tokens' epoch moves. Never on the operator's address: operator rights
 * need credentials set after the proof.
 */
export async function proveAddress(db: Db | Tx, config: ProofConfig, userId: string, passwordConfirmed = false): Promise<Proof> {
  const [first] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ email: users.email });
  const key = await userAddressKey(db, config, userId);
  if (key) await grantFreeGenerations(db, userId, key);
  if (!first) return { first: false, passwordRemoved: false };
  const keep = passwordConfirmed && first.email !== config.OPERATOR_EMAIL;
  const removed = keep
    ? []
    : await db.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId)).returning({ userId: passwordCredentials.userId });
  if (removed.length > 0) await clearUnprovedSetup(db, userId);
  await retireEmailTokens(db, userId);
  if (keep) await moveSessionEpoch(db, userId);
  else await endSessions(db, userId, "address-proved");
  return { first: true, passwordRemoved: removed.length > 0 };
}

/** A verification link waiting for its first use, for an address not yet proved. */
export interface PendingVerification {
  userId: string;
  email: string;
  /** a password was set at sign-up (and not removed since) */
  hasPassword: boolean;
}

/** The account a usable verification token would verify (nothing is changed), or null. */
export async function pendingVerification(db: Db | Tx, token: string): Promise<PendingVerification | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, password: passwordCredentials.userId })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(and(usable(await sha256(token), ["verify"]), isNull(users.emailVerifiedAt)))
    .limit(1);
  return row ? { userId: row.userId, email: row.email, hasPassword: row.password !== null } : null;
}
