import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8790);
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
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    acceptDownloads: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
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
  webServer: {
    command: `rm -rf .data/e2e && npm run build && npx tsx dev/start.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      STATE_DIR: ".data/e2e",
      GENAI_STANDIN_DELAY_MS: "1500",
      GENAI_STANDIN_PORT: String(PORT + 50),
      OPERATOR_EMAIL: "operator@headshot.local",
    },
  },
});
