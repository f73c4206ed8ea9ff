/**
 * c2pa-rs, the C2PA reference implementation, in workerd (its WASM build, `@contentauth/c2pa-wasm`, imported
 * as a compiled module as the worker's own WASM is): what it reports for a delivered file, with the committed
 * test CA as its trust anchor (dev/c2pa/README.md), so a good file reads "Trusted" — signature, certificate
 * profile and chain, and hard binding all checked by c2pa-rs, not by our own code. Tests only: the worker never
 * loads it (decision 320: 9 MB of WASM).
 */
import c2paModule from "@contentauth/c2pa-wasm/c2pa.wasm";
import { initSync, WasmReader } from "@contentauth/c2pa-wasm";
import testRoot from "../../dev/c2pa/test-root.pem?raw";

const TRUST = JSON.stringify({ trust: { trust_anchors: testRoot }, verify: { verify_trust: true } });
let ready = false;

export interface C2paAction {
  action: string;
  digitalSourceType?: string;
  softwareAgent?: { name: string };
  description?: string;
}

export interface C2paRead {
  state: string;
  failures: string[];
  generator: string;
  actions: C2paAction[];
  ingredients: { relationship: string; description?: string }[];
}

/** c2pa-rs's reading of `bytes` as `mime`: the validation state, failure codes and the active manifest's actions. */
export async function readC2pa(mime: string, bytes: Uint8Array): Promise<C2paRead> {
  if (!ready) {
    initSync({ module: c2paModule });
    ready = true;
  }
  const reader = await WasmReader.fromBytes(mime, bytes, TRUST);
  try {
    const store = JSON.parse(reader.json()) as {
      active_manifest: string;
      validation_state: string;
      validation_results?: { activeManifest?: { failure: { code: string }[] } };
      manifests: Record<
        string,
        {
          claim_generator_info: { name: string }[];
          ingredients?: C2paRead["ingredients"];
          assertions: { label: string; data: { actions: C2paAction[] } }[];
        }
      >;
    };
    const manifest = store.manifests[store.active_manifest]!;
    return {
      state: store.validation_state,
      failures: (store.validation_results?.activeManifest?.failure ?? []).map((f) => f.code),
      generator: manifest.claim_generator_info[0]!.name,
      actions: manifest.assertions.find((a) => a.label === "c2pa.actions.v2")!.data.actions,
      ingredients: manifest.ingredients ?? [],
    };
  } finally {
    reader.free();
  }
}
