/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto. The iterations of a new hash come from configuration
 * (PASSWORD_HASH_ITERATIONS): 100,000 in production, the most production Workers allow (local workerd does
 * not enforce the cap, so a test pins the number); tests set fewer (decision 165). The algorithm,
 * iterations and salt are stored with each hash so the cost can be raised later and old hashes still verify.
 */
import type { Db, Tx } from "../../db";
import type { Config } from "../config";
import { passwordCredentials } from "../../db/schema";
import { constantTimeEqual, fromBase64Url, toBase64Url } from "./crypto";

export const PASSWORD_ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordHash {
  algorithm: string;
  iterations: number;
  salt: string; // base64url
  hash: string; // base64url
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

type Strength = Pick<Config, "PASSWORD_HASH_ITERATIONS">;

export async function hashPassword(config: Strength, password: string): Promise<PasswordHash> {
  const iterations = config.PASSWORD_HASH_ITERATIONS;
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { algorithm: PASSWORD_ALGORITHM, iterations, salt: toBase64Url(salt), hash: toBase64Url(hash) };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  if (stored.algorithm !== PASSWORD_ALGORITHM) return false;
  const hash = await derive(password, fromBase64Url(stored.salt), stored.iterations);
  return constantTimeEqual(hash, fromBase64Url(stored.hash));
}

/** Same cost as a real check, for unknown emails, so response time does not reveal who has an account. */
export async function burnPasswordCheck(config: Strength, password: string): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), config.PASSWORD_HASH_ITERATIONS);
}

/** Sets (or replaces) the user's password. Callers end the user's other sessions in the same transaction. */
export async function storePassword(db: Db | Tx, userId: string, hash: PasswordHash): Promise<void> {
  await db
    .insert(passwordCredentials)
    .values({ userId, ...hash })
    .onConflictDoUpdate({ target: passwordCredentials.userId, set: { ...hash, updatedAt: new Date() } });
}
