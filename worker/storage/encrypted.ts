/**
 * Encrypted objects in R2. Every object is AES-256-GCM with a random 96-bit IV; the key id is stored
 * with the object so keys can rotate (the first configured key encrypts, any configured key decrypts).
 * Layout of a stored object: "HSE1" | kidLength (1 byte) | kid | iv (12 bytes) | ciphertext+tag.
 * Nothing readable is ever written to the bucket: the content type travels in customMetadata only.
 */
import type { Config } from "../config";

const MAGIC = new TextEncoder().encode("HSE1");
const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(id: string, raw: Uint8Array): Promise<CryptoKey> {
  const cacheKey = `${id}:${btoa(String.fromCharCode(...raw))}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keyCache.set(cacheKey, key);
  }
  return key;
}

export async function encryptBytes(
  config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">,
  plain: Uint8Array,
): Promise<{ sealed: Uint8Array; keyId: string }> {
  const current = config.IMAGE_ENCRYPTION_KEYS[0]!;
  const key = await importKey(current.id, current.raw);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const kid = new TextEncoder().encode(current.id);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: kid }, key, plain));
  const sealed = new Uint8Array(MAGIC.length + 1 + kid.length + iv.length + cipher.length);
  let o = 0;
  sealed.set(MAGIC, o);
  o += MAGIC.length;
  sealed[o++] = kid.length;
  sealed.set(kid, o);
  o += kid.length;
  sealed.set(iv, o);
  o += iv.length;
  sealed.set(cipher, o);
  return { sealed, keyId: current.id };
}

export async function decryptBytes(config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">, sealed: Uint8Array): Promise<Uint8Array> {
  for (let i = 0; i < MAGIC.length; i++) if (sealed[i] !== MAGIC[i]) throw new Error("not an encrypted object");
  const kidLength = sealed[MAGIC.length]!;
  const kidStart = MAGIC.length + 1;
  const kidBytes = sealed.subarray(kidStart, kidStart + kidLength);
  const kid = new TextDecoder().decode(kidBytes);
  const entry = config.IMAGE_ENCRYPTION_KEYS.find((k) => k.id === kid);
  if (!entry) throw new Error(`unknown encryption key id ${kid}`);
  const iv = sealed.subarray(kidStart + kidLength, kidStart + kidLength + 12);
  const cipher = sealed.subarray(kidStart + kidLength + 12);
  const key = await importKey(entry.id, entry.raw);
  return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: kidBytes }, key, cipher));
}

/** Encrypts and stores `bytes` under `key`. Returns the key id used. */
export async function putEncrypted(
  bucket: R2Bucket,
  config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> {
  const { sealed, keyId } = await encryptBytes(config, bytes);
  await bucket.put(key, sealed, {
    httpMetadata: { contentType: "application/octet-stream" },
    customMetadata: { contentType, keyId },
  });
  return keyId;
}

/** Reads and decrypts `key`; null when the object does not exist. */
export async function getDecrypted(
  bucket: R2Bucket,
  config: Pick<Config, "IMAGE_ENCRYPTION_KEYS">,
  key: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const obj = await bucket.get(key);
  if (!obj) return null;
  const bytes = await decryptBytes(config, new Uint8Array(await obj.arrayBuffer()));
  return { bytes, contentType: obj.customMetadata?.contentType ?? "application/octet-stream" };
}
