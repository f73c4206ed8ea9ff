/**
 * What c2pa-rs (`@contentauth/c2pa-wasm`, its WASM already initialised by the caller) reports for a file, read with
 * the given trust anchors. Shared by the workerd tests (./c2pa-reader.ts) and the Node ones (bench/c2pa-reader.test.ts),
 * which each load the WASM their runtime's way.
 */
import { WasmReader } from "@contentauth/c2pa-wasm";

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

/** The reader's settings that make `anchors` (PEM) its only trusted roots and check trust. */
export const c2paTrust = (anchors: string) => JSON.stringify({ trust: { trust_anchors: anchors }, verify: { verify_trust: true } });

/** c2pa-rs's reading of `bytes` as `mime`: the validation state, failure codes and the active manifest's actions. */
export async function readC2paStore(trust: string, mime: string, bytes: Uint8Array): Promise<C2paRead> {
  const reader = await WasmReader.fromBytes(mime, bytes, trust);
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
