import { defineConfig } from "@playwright/test";

/**
 * Two workers, each against a stack of its own (issue 33): worker n — Playwright's TEST_PARALLEL_INDEX, set in
 * each worker process before it reads this file — drives the stack on port E2E_PORT + n, with its own state
 * directory (.data/e2e-n) and its own Gemini stand-in on E2E_PORT + 50 + n. Spec files are dealt to the
 * workers; the tests of one file run in order in one worker, on one stack, as before.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8790);
const PORT = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://127.0.0.1:${PORT}`;
/** The Gemini stand-in's fixed port, so journeys can slow it down or make it fail (POST /__control). */
export const GENAI_STANDIN_URL = `http://127.0.0.1:${PORT + 50}`;

/**
 * Browser journeys against the real local stack (`npm start` in its own state directory, wiped first),
 * driven in Debian's Chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    acceptDownloads: true,
    // A failed test keeps its trace: every action's DOM snapshot, the network, the console, and the screenshot
    // at the failure (below). Not the screencast: recording it for every test (kept only on failure) cost 30 % of
    // the suite's CPU, nearly all in Chromium (three spec files: 222 → 156 CPU-seconds, 126 → 99 s).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // As someone who asked their system for less motion: animations play once, at once (decision 286), and a
    // spinner stops repainting Chromium every frame (generate, shoots, likeness, photo check twice each way:
    // 129 → 115 CPU-seconds, 87 → 78 s). journey.spec.ts and billing.spec.ts keep the motion on, dialogs
    // closing through their exit animations.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  // Once both servers are up: the pseudo-locale build, in the background while the journeys run (e2e/pseudo-build.ts).
  globalSetup: "./e2e/pseudo-build.ts",
  // Playwright starts these one after another: the first builds the web app, the others reuse the build.
  webServer: Array.from({ length: WORKERS }, (_, n) => ({
    command: `rm -rf .data/e2e-${n} && ${n === 0 ? "npm run build && " : ""}npx tsx dev/start.ts`,
    url: `http://127.0.0.1:${FIRST_PORT + n}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(FIRST_PORT + n),
      STATE_DIR: `.data/e2e-${n}`,
      GENAI_STANDIN_DELAY_MS: "1500",
      GENAI_STANDIN_PORT: String(FIRST_PORT + 50 + n),
      OPERATOR_EMAIL: "operator@headshot.local",
    },
  })),
});
