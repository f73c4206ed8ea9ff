import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { buildDefines } from "./web/build/constants.ts";
import { faceModelAssets } from "./web/build/face-model.ts";
import { pseudoCatalogue, webDist } from "./web/build/pseudo.ts";
import { BOOT_SCRIPT } from "./web/src/public/boot-script.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA lives in web/; the built bundle goes to web/dist, which wrangler serves as static assets (the pseudo-locale
// build for the browser suite to web/dist-pseudo, its words from copy/generated-pseudo: web/build/pseudo.ts).
export default defineConfig({
  root: here("./web"),
  plugins: [
    pseudoCatalogue(),
    react(),
    tailwindcss(),
    faceModelAssets(),
    // The page's first script, inline in the <head> of every page (public pages and the app's
    // shells alike; the CSP admits it by its hash, web/build/headers.ts; decision 120).
    { name: "boot-script", transformIndexHtml: () => [{ tag: "script", children: BOOT_SCRIPT, injectTo: "head" }] },
  ],
  define: buildDefines(),
  resolve: { alias: { "@": here("./web/src") } },
  // No modulepreload polyfill: every browser we serve supports <link rel="modulepreload">.
  build: {
    outDir: webDist,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The face model (face-api on TensorFlow.js, ~1.3 MB) is the one large chunk, loaded only where a photo
    // is checked (decision 115); bench/js-weight.ts keeps the weight of everything else in view.
    chunkSizeWarningLimit: 1400,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://127.0.0.1:8787", changeOrigin: false } },
  },
  preview: { port: 4173 },
});
