import { globSync, mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { buildDefines } from "./web/build/constants.ts";
import { PREBUNDLED } from "./dev/prebundled.ts";

// wrangler.toml names web/dist as the static assets directory; it must exist even before a web build.
mkdirSync("web/dist", { recursive: true });

/** Bindings for worker tests: fixed test secrets, the test database, and the local stand-ins. */
export const testBindings = {
  ENVIRONMENT: "test",
  APP_URL: "http://app.test",
  OPERATOR_EMAIL: "operator@headshot.test",
  JWT_SECRET: "test-jwt-secret-0123456789abcdefghijklmnop",
  URL_SIGNING_SECRET: "test-url-secret-0123456789abcdefghijklmnop",
  ADDRESS_HASH_SECRET: "test-address-secret-0123456789abcdefghijk",
  IMAGE_ENCRYPTION_KEYS: "t1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  MAIL_PROVIDER: "dev",
  // Sign-ups and sign-ins at production strength cost a second or more of CPU each on these machines; the
  // production value is pinned by worker/auth/routes.test.ts (decision 165).
  PASSWORD_HASH_ITERATIONS: "1000",
  // The shared limiter (worker/generation/limiter.ts) paces the default model at 1 ms: the files share it, and
  // tests of the quota use a model of their own with a pace they set.
  GEMINI_IMAGES_PER_MINUTE: "60000",
  // Content Credentials: the committed test CA's signer (dev/c2pa/README.md)
  C2PA_SIGNING_KEY: readFileSync("dev/c2pa/test-signer.key.pem", "utf8"),
  C2PA_CERT_CHAIN: readFileSync("dev/c2pa/test-chain.pem", "utf8"),
};

/**
 * Web test files that replace a module (`vi.mock`): a shared module graph may already hold the real one, so
 * these run with a graph of their own. Found by reading the files, so a new one needs no list kept by hand.
 */
const REPLACING_MODULES = globSync("web/**/*.test.{ts,tsx}").filter((file) => readFileSync(file, "utf8").includes("vi.mock("));

/** A web test project (jsdom): the app's build defines and `@/` alias, the setup file, a screen's time. */
function webProject(test: { name: string; include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    plugins: [react()],
    define: buildDefines({ APP_URL: "https://headshot.test", BUILD_DATE: "2026-03-14" }),
    resolve: { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } },
    test: {
      ...test,
      environment: "jsdom",
      setupFiles: ["./web/src/test/setup.ts"],
      // jsdom renders whole screens (the admin tabs, the wizard); on a busy 2-core machine one can take
      // longer than vitest's 5 s default without anything being wrong.
      testTimeout: 15_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on these 2-core machines. The tests
    // mostly wait on workerd, the database and the stand-ins, so two overlap well (npm test: 544 s with
    // one, 390 s with two, 2026-11-25). Every worker test file has a world of its own (decision 003), so
    // files of every project run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [
          // One runner (workerd, Miniflare, the worker's modules) serves file after file (isolate: false below);
          // each file leases a world of its own — its database, local Stripe and Gemini stand-in
          // (dev/test-worlds.ts) — in worker/test/world.ts before it is imported (decision 003).
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ...testBindings,
                TEST_WORLD_BROKER: inject("worldBroker"),
                GOOGLE_ISSUER: inject("oidcIssuer"),
                GOOGLE_CLIENT_ID: "headshot-studio-local", // dev/oidc-standin.ts STANDIN_CLIENT_ID
                GOOGLE_CLIENT_SECRET: "headshot-studio-local-secret",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["worker/**/*.test.ts"],
          // A runner per file cost ~6 s before its first test (workerd starting, then ~200 of our modules and the
          // bundled dependencies loaded over vitest's RPC one after another), 560 of the suite's 940 file-seconds.
          // Reused, a file starts in a fraction of a second; what it must not inherit, worker/test/world.ts clears.
          isolate: false,
          // The pool loads the whole worker into each file's fresh workerd, module by module over vitest's RPC:
          // ~1,400 modules, 1,200 of them these packages' files (drizzle 219, stripe 218, sentry 440, zod 95,
          // jose 92), 25 s per file before its first test on these machines. Pre-bundled (once per run, kept
          // in node_modules/.vite) they are ~30 modules and a file starts in 7 s (decision 003). Every entry the
          // worker imports is listed: a sub-path left out would load unbundled beside its bundle, a second copy
          // of the package with classes `instanceof` does not match.
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: [...PREBUNDLED],
                rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
              },
            },
          },
          globalSetup: ["./dev/test-setup.ts"],
          setupFiles: ["./worker/test/world.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      webProject({
        name: "web",
        include: ["web/**/*.test.{ts,tsx}"],
        exclude: REPLACING_MODULES,
        // One module graph (React, Testing Library, our components) for file after file: 56 s → 15 s for the
        // project alone. Each file still gets a fresh jsdom document, and Testing Library unmounts after each test.
        isolate: false,
      }),
      webProject({ name: "web-isolated", include: REPLACING_MODULES, isolate: true }),
      {
        test: {
          name: "node",
          environment: "node",
          include: ["db/**/*.test.ts", "dev/**/*.test.ts", "bench/**/*.test.ts", "copy/**/*.test.ts"],
          globalSetup: ["./dev/node-test-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000, // PGlite takes seconds to start, more on a loaded machine
        },
      },
    ],
  },
});
