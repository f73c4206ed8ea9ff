/**
 * The packages the worker test project pre-bundles for workerd (vitest.config.ts, `deps.optimizer.ssr`): each
 * entry the worker's code imports, so no package is loaded twice (bundled and file by file). Packages of
 * WebAssembly (@cf-wasm/photon, @jsquash/webp) load as they are. `dev/prebundled.test.ts` keeps the list
 * complete.
 */
export const PREBUNDLED = [
  "stripe",
  "@sentry/cloudflare",
  "@google/genai",
  "@neondatabase/serverless",
  "drizzle-orm",
  "drizzle-orm/pg-core",
  "drizzle-orm/neon-serverless",
  "drizzle-orm/neon-http",
  "drizzle-orm/logger",
  "hono",
  "hono/factory",
  "hono/http-exception",
  "hono/cookie",
  "hono/utils/http-status",
  "hono/secure-headers",
  "hono/route",
  "hono/client",
  "hono/body-limit",
  "@hono/zod-validator",
  "zod",
  "jose",
  "csv-parse/sync",
  "csv-stringify/sync",
  "exifr",
  "utif",
  "jpeg-js",
  "unhomoglyph",
];
