import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import react from "@vitejs/plugin-react";
import { buildDefines } from "./web/build/constants.ts";

// wrangler.toml names web/dist as the static assets directory; it must exist even before a web build.
mkdirSync("web/dist", { recursive: true });

/** Bindings for worker tests: fixed test secrets, the test database, and the local stand-ins. */
export const testBindings = {
  ENVIRONMENT: "test",
  APP_URL: "http://app.test",
  OPERATOR_EMAIL: "operator@headshot.test",
  JWT_SECRET: "test-jwt-secret-0123456789abcdefghijklmnop",
  URL_SIGNING_SECRET: "test-url-secret-0123456789abcdefghijklmnop",
  IMAGE_ENCRYPTION_KEYS: "t1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  MAIL_PROVIDER: "dev",
  // The shared limiter (worker/generation/limiter.ts) paces the default model at 1 ms: the files share it, and
  // tests of the quota use a model of their own with a pace they set.
  GEMINI_IMAGES_PER_MINUTE: "60000",
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on these 2-core machines. The tests
    // mostly wait on workerd, the database and the stand-ins, so two overlap well (npm test: 544 s with
    // one, 390 s with two, 2026-11-25). The worker files share one database, one local Stripe and cron
    // jobs that sweep every row, so they run one at a time (fileParallelism below) beside the web and
    // node projects, which share nothing with them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ...testBindings,
                DATABASE_URL: inject("databaseUrl"),
                DATABASE_WS_PROXY: inject("databaseWsProxy"),
                DATABASE_HTTP_URL: inject("databaseHttpUrl"),
                GEMINI_BASE_URL: inject("genaiUrl"),
                GOOGLE_ISSUER: inject("oidcIssuer"),
                GOOGLE_CLIENT_ID: "headshot-studio-local", // dev/oidc-standin.ts STANDIN_CLIENT_ID
                GOOGLE_CLIENT_SECRET: "headshot-studio-local-secret",
                STRIPE_API_URL: inject("stripeApiUrl"),
                STRIPE_SECRET_KEY: inject("stripeSecretKey"),
                STRIPE_WEBHOOK_SECRET: inject("stripeWebhookSecret"),
                STRIPE_PRICE_WEEKLY: JSON.parse(inject("stripePrices")).weekly,
                STRIPE_PRICE_MONTHLY: JSON.parse(inject("stripePrices")).monthly,
                STRIPE_PRICE_YEARLY: JSON.parse(inject("stripePrices")).yearly,
                STRIPE_PRICE_TEAM: JSON.parse(inject("stripePrices")).team,
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["worker/**/*.test.ts"],
          fileParallelism: false,
          globalSetup: ["./dev/test-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        define: buildDefines({ APP_URL: "https://headshot.test", BUILD_DATE: "2026-03-14" }),
        resolve: { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } },
        test: {
          name: "web",
          environment: "jsdom",
          include: ["web/**/*.test.{ts,tsx}"],
          setupFiles: ["./web/src/test/setup.ts"],
          // jsdom renders whole screens (the admin tabs, the wizard); on a busy 2-core machine one can take
          // longer than vitest's 5 s default without anything being wrong.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["db/**/*.test.ts", "dev/**/*.test.ts", "bench/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000, // PGlite takes seconds to start, more on a loaded machine
        },
      },
    ],
  },
});
