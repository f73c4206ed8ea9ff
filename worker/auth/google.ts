/**
 * Google sign-in (OpenID Connect, authorization code + PKCE + nonce). The provider is whatever
 * GOOGLE_ISSUER names: Google in production, the local stand-in (dev/oidc-standin.ts) in local runs and
 * tests, so this exact code verifies real signatures everywhere.
 *
 * The state, nonce and PKCE verifier travel in a short-lived HttpOnly cookie, encrypted and authenticated
 * (JWE, A256GCM, key derived from JWT_SECRET), so no table is needed (docs/decisions/011-google-sign-in.md).
 */
import { EncryptJWT, createRemoteJWKSet, jwtDecrypt, jwtVerify, type JWTPayload } from "jose";
import type { Config } from "../config";
import { randomToken, toBase64Url } from "./crypto";

export const OAUTH_COOKIE = "hs_oauth";
export const OAUTH_COOKIE_PATH = "/api/auth/google";
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export class OAuthError extends Error {
  override name = "OAuthError";
}

/** A Google sign-in that would create a new account, started without the age and terms confirmation. */
export class TermsRequiredError extends OAuthError {
  override name = "TermsRequiredError";
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const trimSlash = (s: string) => s.replace(/\/+$/, "");
const discoveryCache = new Map<string, { doc: Discovery; at: number }>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export async function discover(issuer: string): Promise<Discovery> {
  const base = trimSlash(issuer);
  const cached = discoveryCache.get(base);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
  const res = await fetch(`${base}/.well-known/openid-configuration`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new OAuthError(`discovery answered ${res.status}`);
  const doc = (await res.json()) as Partial<Discovery>;
  if (!doc.issuer || !doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri)
    throw new OAuthError("discovery document incomplete");
  if (trimSlash(doc.issuer) !== base) throw new OAuthError("discovery issuer mismatch");
  discoveryCache.set(base, { doc: doc as Discovery, at: Date.now() });
  return doc as Discovery;
}

function jwks(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) jwksCache.set(uri, (set = createRemoteJWKSet(new URL(uri))));
  return set;
}

type GoogleConfig = Pick<Config, "GOOGLE_ISSUER" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "JWT_SECRET">;

function client(config: GoogleConfig) {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) throw new OAuthError("Google sign-in is not configured");
  return { id: config.GOOGLE_CLIENT_ID, secret: config.GOOGLE_CLIENT_SECRET };
}

/** What the browser carries between /google and /google/callback. */
export interface OAuthState {
  state: string;
  nonce: string;
  verifier: string;
  /** The visitor confirmed 13+ and accepted the terms before leaving for Google (needed to create an account). */
  termsAccepted: boolean;
}

const stateKeys = new Map<string, Promise<Uint8Array>>();
function stateKey(secret: string): Promise<Uint8Array> {
  let k = stateKeys.get(secret);
  if (!k) {
    k = crypto.subtle.digest("SHA-256", new TextEncoder().encode(`oauth-state:${secret}`)).then((d) => new Uint8Array(d));
    stateKeys.set(secret, k);
  }
  return k;
}

export async function sealState(config: GoogleConfig, s: OAuthState): Promise<string> {
  return new EncryptJWT({ ...s })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setAudience("headshot-studio:oauth-state")
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_STATE_TTL_SECONDS}s`)
    .encrypt(await stateKey(config.JWT_SECRET));
}

export async function openState(config: GoogleConfig, sealed: string | undefined): Promise<OAuthState> {
  if (!sealed) throw new OAuthError("missing state cookie");
  try {
    const { payload } = await jwtDecrypt(sealed, await stateKey(config.JWT_SECRET), {
      audience: "headshot-studio:oauth-state",
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const { state, nonce, verifier, termsAccepted } = payload as JWTPayload & Partial<OAuthState>;
    if (typeof state !== "string" || typeof nonce !== "string" || typeof verifier !== "string") throw new Error("bad payload");
    return { state, nonce, verifier, termsAccepted: termsAccepted === true };
  } catch {
    throw new OAuthError("invalid or expired state cookie");
  }
}

/**
 * A new person who chose Google without the age and terms confirmation (from the Sign In tab): the
 * verified identity waits, sealed like the state (decision 104), for them to confirm on /auth instead of
 * going through Google again. Same key, its own audience, the state's 10 minutes.
 */
export const PENDING_COOKIE = "hs_google_pending";
const PENDING_AUDIENCE = "headshot-studio:google-pending";

export async function sealPendingIdentity(config: GoogleConfig, id: GoogleIdentity): Promise<string> {
  return new EncryptJWT({ ...id })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setAudience(PENDING_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_STATE_TTL_SECONDS}s`)
    .encrypt(await stateKey(config.JWT_SECRET));
}

/** The identity waiting for confirmation, or null when there is none (missing, expired or forged). */
export async function openPendingIdentity(config: GoogleConfig, sealed: string | undefined): Promise<GoogleIdentity | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, await stateKey(config.JWT_SECRET), {
      audience: PENDING_AUDIENCE,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const p = payload as JWTPayload & Partial<GoogleIdentity>;
    if (typeof p.sub !== "string" || typeof p.email !== "string") return null;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return { sub: p.sub, email: p.email, givenName: text(p.givenName), familyName: text(p.familyName), picture: text(p.picture) };
  } catch {
    return null;
  }
}

/** The provider URL to send the browser to, and the state to keep in the cookie. */
export async function beginSignIn(
  config: GoogleConfig,
  redirectUri: string,
  termsAccepted: boolean,
): Promise<{ url: string; state: OAuthState }> {
  const { id } = client(config);
  const doc = await discover(config.GOOGLE_ISSUER);
  const state: OAuthState = { state: randomToken(), nonce: randomToken(), verifier: randomToken(48), termsAccepted };
  const challenge = toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(state.verifier))));
  const url = new URL(doc.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: state.state,
    nonce: state.nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
    prompt: "select_account",
  }).toString();
  return { url: url.toString(), state };
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

/** Exchanges the code and verifies the ID token: signature (JWKS), issuer, audience, expiry, nonce, email_verified. */
export async function finishSignIn(config: GoogleConfig, redirectUri: string, code: string, expected: OAuthState): Promise<GoogleIdentity> {
  const { id, secret } = client(config);
  const doc = await discover(config.GOOGLE_ISSUER);
  const res = await fetch(doc.token_endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: id,
      client_secret: secret,
      code_verifier: expected.verifier,
    }),
  });
  if (!res.ok) throw new OAuthError(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { id_token?: unknown };
  if (typeof body.id_token !== "string") throw new OAuthError("no id_token in token response");

  // Google's ID tokens name either form of its issuer.
  const issuers =
    trimSlash(doc.issuer) === "https://accounts.google.com" ? ["https://accounts.google.com", "accounts.google.com"] : [doc.issuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(body.id_token, jwks(doc.jwks_uri), {
      issuer: issuers,
      audience: id,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat", "nonce"],
    }));
  } catch (err) {
    throw new OAuthError(`id_token rejected: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (payload.nonce !== expected.nonce) throw new OAuthError("id_token nonce mismatch");
  if (payload.email_verified !== true && payload.email_verified !== "true") throw new OAuthError("email not verified by provider");
  if (typeof payload.email !== "string" || !payload.email.includes("@")) throw new OAuthError("id_token without email");
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return {
    sub: payload.sub!,
    email: payload.email.trim().toLowerCase(),
    givenName: str(payload.given_name),
    familyName: str(payload.family_name),
    picture: str(payload.picture),
  };
}
