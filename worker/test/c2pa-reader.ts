/**
 * c2pa-rs, the C2PA reference implementation, in workerd (its WASM build, `@contentauth/c2pa-wasm`, imported
 * as a compiled module as the worker's own WASM is): what it reports for a delivered file, with the committed
 * test CA as its trust anchor (dev/c2pa/README.md), so a good file reads "Trusted" — signature, certificate
 * profile and chain, and hard binding all checked by c2pa-rs, not by our own code. Tests only: the worker never
 * loads it (decision 320: 9 MB of WASM).
 */
import c2paModule from "@contentauth/c2pa-wasm/c2pa.wasm";
import { initSync } from "@contentauth/c2pa-wasm";
import testRoot from "../../dev/c2pa/test-root.pem?raw";
import { c2paTrust, readC2paStore, type C2paRead } from "./c2pa-store";

export type { C2paAction, C2paRead } from "./c2pa-store";

const TRUST = c2paTrust(testRoot);
let ready = false;

/** c2pa-rs's reading of `bytes` as `mime`: the validation state, failure codes and the active manifest's actions. */
export async function readC2pa(mime: string, bytes: Uint8Array): Promise<C2paRead> {
  if (!ready) {
    initSync({ module: c2paModule });
    ready = true;
  }
  return readC2paStore(TRUST, mime, bytes);
}
