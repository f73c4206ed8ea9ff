/**
 * The worker bench/c2pa-workerd.ts runs in workerd (wrangler's local runtime): the download transform and the
 * C2PA signing, the worker's own modules as the product bundles them. `GET /?case=<id>&op=<op>&n=<n>`:
 * - op=prepare: make the case's file (the transform, not signed) and keep it; answers its size;
 * - op=sign: sign the kept file n times (what worker/downloads/file.ts adds to a download);
 * - op=transform: the case's transform n times (for scale); op=idle: nothing (the request's own cost).
 * The Node side reads workerd's CPU time and resident memory from /proc around each request.
 */
import { PRESETS, type DownloadOptions } from "../../domain/downloads";
import { portraitPixels } from "../../worker/downloads/fixture";
import { transformDownload } from "../../worker/downloads/transform";
import { encodePng } from "../../worker/downloads/png-encode";
import { signImage } from "../../worker/marking/c2pa";
import { signingCredentials } from "../../worker/marking/credentials";

interface BenchEnv {
  C2PA_SIGNING_KEY: string;
  C2PA_CERT_CHAIN: string;
}

const SIDE = 2048;
const CASES: Record<string, DownloadOptions> = {
  "png-2048": { resolution: "high", shape: "square", fileFormat: "png", dpi: "300" },
  "print-8x10-png": { resolution: "high", shape: "square", fileFormat: "png", dpi: "300", preset: "print-8x10" },
  "print-8x10-tiff": { resolution: "high", shape: "square", fileFormat: "tiff", dpi: "300", preset: "print-8x10" },
  "instagram-png": {
    resolution: "high",
    shape: "square",
    fileFormat: "png",
    dpi: "300",
    preset: PRESETS.find((p) => p.id === "instagram-square")!.id,
  },
};

let source: Uint8Array | undefined;
const files = new Map<string, Uint8Array>();

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const id = url.searchParams.get("case") ?? "png-2048";
    const op = url.searchParams.get("op") ?? "idle";
    const n = Number(url.searchParams.get("n") ?? 1);
    const options = CASES[id];
    if (!options) return new Response(`unknown case ${id}`, { status: 400 });
    source ??= await encodePng(portraitPixels(SIDE), SIDE, SIDE);
    const credentials = await signingCredentials(env);
    let size = 0;
    const t0 = performance.now();
    if (op === "prepare") {
      files.set(id, (await transformDownload(source, options)).bytes);
      size = files.get(id)!.length;
    } else if (op === "transform") {
      for (let i = 0; i < n; i++) size = (await transformDownload(source, options)).bytes.length;
    } else if (op === "sign") {
      const file = files.get(id);
      if (!file) return new Response("prepare first", { status: 409 });
      for (let i = 0; i < n; i++) size = (await signImage(file, credentials, { model: "gemini-nano-banana-2.1" })).length;
    }
    // workerd's clock (it stands still during computation in production; the local runtime's may advance)
    return Response.json({ size, ms: performance.now() - t0 });
  },
};
