/**
 * Setup file of every worker test file (vitest.config.ts setupFiles): after the file's last test, its test
 * world — database, local Stripe, Gemini stand-in (dev/test-worlds.ts) — goes back to the broker, which
 * stops it. Nothing else is shared between files, so a test file needs no setup of its own.
 */
import { afterAll, beforeAll } from "vitest";
import { env } from "cloudflare:test";

/** Not a worker variable: only the test runner sets it (vitest.config.ts, from dev/test-worlds.ts). */
const { TEST_WORLD_URL } = env as Env & { TEST_WORLD_URL: string };

let file = "";
// vitest reads a hook's first parameter as fixtures and wants it destructured; the suite comes second.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  file = suite.file.filepath;
});

afterAll(async () => {
  // The file's name is for bench/test-files.ts, which lines up the broker's timings with vitest's.
  await fetch(`${TEST_WORLD_URL}?file=${encodeURIComponent(file)}`, { method: "DELETE" });
});
