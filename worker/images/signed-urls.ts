/**
 * Short-lived signed image URLs: `/api/images/:headshotId/:kind?exp=<unix>&sig=<hex>`, where
 * sig = HMAC-SHA256(URL_SIGNING_SECRET, "<headshotId>:<kind>:<exp>"). The signature is the capability
 * (an <img> tag cannot send the bearer token), so it is checked in constant time with WebCrypto.
 *
 * Expiry is rounded up to the next 10 minutes, so a page polling every 2 s gets the same URL for a
 * while and the browser can reuse its cached copy; a URL lives between 60 and 70 minutes.
 */
import type { Config } from "../config";

export const IMAGE_KINDS = ["original", "result"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const TTL_SECONDS = 60 * 60;
const ROUND_SECONDS = 10 * 60;

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const payload = (headshotId: string, kind: ImageKind, exp: number) => new TextEncoder().encode(`${headshotId}:${kind}:${exp}`);
const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((x) => x.toString(16).padStart(2, "0")).join("");

export async function signImageUrl(
  config: Pick<Config, "URL_SIGNING_SECRET">,
  headshotId: string,
  kind: ImageKind,
  nowMs = Date.now(),
): Promise<string> {
  const exp = Math.ceil((nowMs / 1000 + TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  const sig = toHex(await crypto.subtle.sign("HMAC", await hmacKey(config.URL_SIGNING_SECRET), payload(headshotId, kind, exp)));
  return `/api/images/${headshotId}/${kind}?exp=${exp}&sig=${sig}`;
}

/** True when `sig` is the signature of (headshotId, kind, exp) and `exp` is still in the future. */
export async function verifyImageSignature(
  config: Pick<Config, "URL_SIGNING_SECRET">,
  headshotId: string,
  kind: ImageKind,
  exp: number,
  sig: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!Number.isSafeInteger(exp) || exp * 1000 <= nowMs) return false;
  if (!/^[0-9a-f]{64}$/.test(sig)) return false;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(sig.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", await hmacKey(config.URL_SIGNING_SECRET), bytes, payload(headshotId, kind, exp));
}
