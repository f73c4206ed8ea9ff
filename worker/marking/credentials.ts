/**
 * The product's C2PA signing credentials from its secrets (decision 321): `C2PA_SIGNING_KEY`, a P-256 private
 * key as PKCS#8 PEM, and `C2PA_CERT_CHAIN`, the signing certificate then its intermediates as PEM. Imported
 * once per isolate (the key is not extractable). Development and tests use the test CA's leaf in dev/c2pa/.
 */
import type { SigningCredentials } from "./c2pa";

/** The DER bytes of every PEM block of `label` in `pem`, in order. */
export function pemBlocks(pem: string, label: string): Uint8Array<ArrayBuffer>[] {
  const re = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+?)-----END ${label}-----`, "g");
  return [...pem.replace(/\\n/g, "\n").matchAll(re)].map((m) => Uint8Array.from(atob(m[1]!.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
}

let cached: { key: string; chain: string; credentials: Promise<SigningCredentials> } | undefined;

export function signingCredentials(env: { C2PA_SIGNING_KEY?: string; C2PA_CERT_CHAIN?: string }): Promise<SigningCredentials> {
  const key = env.C2PA_SIGNING_KEY,
    chain = env.C2PA_CERT_CHAIN;
  if (!key || !chain) throw new Error("C2PA_SIGNING_KEY and C2PA_CERT_CHAIN must be set");
  if (cached?.key === key && cached.chain === chain) return cached.credentials;
  const credentials = (async (): Promise<SigningCredentials> => {
    const [der] = pemBlocks(key, "PRIVATE KEY");
    const certs = pemBlocks(chain, "CERTIFICATE");
    if (!der) throw new Error("C2PA_SIGNING_KEY: no PKCS#8 PRIVATE KEY block");
    if (certs.length === 0) throw new Error("C2PA_CERT_CHAIN: no CERTIFICATE block");
    const imported = await crypto.subtle.importKey("pkcs8", der, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
    return { key: imported, chain: certs };
  })();
  cached = { key, chain, credentials };
  credentials.catch(() => (cached = undefined));
  return credentials;
}
