/**
 * The key under which an address's once-only benefits are remembered (the free generations, the
 * money-back guarantee; decision 176): an HMAC-SHA256 under ADDRESS_HASH_SECRET of the normalised
 * address, so the table never holds an address and a leaked table cannot be reversed by hashing a list
 * of addresses without the secret.
 *
 * Normalised: trimmed and lower-cased, a "+tag" dropped from the local part, and at Gmail (gmail.com,
 * googlemail.com) the dots ignored — the aliases that deliver to one mailbox count as one person.
 */
import { hmacSha256 } from "./hmac";

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

export function normaliseAddress(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export async function addressKey(config: { ADDRESS_HASH_SECRET: string }, email: string): Promise<string> {
  return hex(await hmacSha256(config.ADDRESS_HASH_SECRET, `address:${normaliseAddress(email)}`));
}
