/**
 * Access tokens: short-lived HS256 JWTs. Issuer, audience, type and algorithm are all pinned on
 * verification, so a token minted for anything else (or with `alg: none`) is refused.
 */
import { SignJWT, jwtVerify } from "jose";
import type { Config } from "../config";
import type { AuthUser } from "../env";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "headshot-studio";
const AUDIENCE = "headshot-studio:api";
const TYPE = "access";

/** The HMAC key imported once per isolate (jose would import raw bytes again on every call). */
const keyCache = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let k = keyCache.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keyCache.set(secret, k);
  }
  return k;
}

/** `epoch`: the user's session epoch now (`users.session_epoch`); `session`: the refresh-token family it belongs to. */
export async function signAccessToken(config: Pick<Config, "JWT_SECRET">, user: AuthUser): Promise<string> {
  return new SignJWT({ email: user.email, typ: TYPE, epoch: user.epoch, ...(user.session ? { sid: user.session } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key(config.JWT_SECRET));
}

/**
 * Tokens already verified in this isolate, until they expire: a polling tab sends the same token every
 * 2 s, and an access token cannot be revoked before its expiry anyway, so re-checking its HMAC changes
 * nothing. Keyed by the secret too, so rotating JWT_SECRET invalidates the memo.
 */
const verified = new Map<string, { user: AuthUser; expMs: number }>();
const MAX_VERIFIED = 10_000;

/** The user the token names, or null if it is invalid, expired or not an access token. */
export async function verifyAccessToken(config: Pick<Config, "JWT_SECRET">, token: string): Promise<AuthUser | null> {
  const memoKey = `${config.JWT_SECRET}\n${token}`;
  const known = verified.get(memoKey);
  if (known) {
    if (known.expMs > Date.now()) return known.user;
    verified.delete(memoKey);
  }
  try {
    const { payload } = await jwtVerify(token, await key(config.JWT_SECRET), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "iat"],
    });
    if (payload.typ !== TYPE || typeof payload.sub !== "string" || typeof payload.email !== "string") return null;
    const user: AuthUser = { id: payload.sub, email: payload.email, epoch: typeof payload.epoch === "number" ? payload.epoch : 0 };
    if (typeof payload.sid === "string") user.session = payload.sid;
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(memoKey, { user, expMs: payload.exp! * 1000 });
    return user;
  } catch {
    return null;
  }
}
