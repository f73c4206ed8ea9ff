/**
 * The marking area's public module: the XMP packet every delivered image carries (EU AI Act Art. 50(2),
 * decision 110) and its signed Content Credentials (C2PA, issue 48, decisions 320–321).
 */
import { containerOf, signImage, type Provenance } from "./c2pa";
import { signingCredentials } from "./credentials";

export { XMP_BYTES } from "./xmp";
export { CLAIM_GENERATOR, type Provenance } from "./c2pa";
export { downloadProvenance, resultProvenance } from "./provenance";

/**
 * The picture with its signed C2PA manifest (PNG, JPEG, WebP, and TIFF in tag 0xCD41: decision 344); `inPlace`:
 * the caller gives `bytes` up, so the store goes into the room its writer left (no copy of the file, decision 380). Without the
 * signing secrets (only outside production, which refuses to start without them) the picture is returned as it
 * is, with a warning in the log. This module
 * imports nothing from other areas but the downloads' CRC: downloads/png.ts reads XMP_BYTES from it, and the
 * Node-side benchmarks and readers load the downloads pipeline.
 */
export async function withContentCredentials(
  bytes: Uint8Array,
  config: { C2PA_SIGNING_KEY?: string; C2PA_CERT_CHAIN?: string },
  provenance: Provenance,
  opts: { inPlace?: boolean } = {},
): Promise<Uint8Array> {
  if (!containerOf(bytes)) return bytes;
  if (!config.C2PA_SIGNING_KEY || !config.C2PA_CERT_CHAIN) {
    console.warn("marking: no C2PA signing key configured; serving without Content Credentials");
    return bytes;
  }
  return signImage(bytes, await signingCredentials(config), provenance, opts);
}
