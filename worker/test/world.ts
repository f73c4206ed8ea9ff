/**
 * Setup file of every worker test file (vitest.config.ts setupFiles), evaluated again before each file: one
 * runner serves file after file (`isolate: false`), and this gives each file a world of its own — database,
 * local Stripe, Gemini stand-in (dev/test-worlds.ts) — leased before the file is imported and given back
 * after its last test; the broker stops it. So a test file needs no setup of its own (decision 003).
 *
 * What the runner keeps between files, and what is done about it:
 * - `env`: one object, shared by `cloudflare:test`, `cloudflare:workers`, the handlers and the Durable
 *   Objects. The world's bindings are laid over it, and what was parsed from the previous ones is forgotten.
 * - Our modules stay loaded. Their memos are either keyed by what they were made from (a secret, a database
 *   URL, a headshot id, an issuer) or forgotten here; a memo of a new kind must be one or the other.
 * - Durable Objects (the model's limiter) and the R2 bucket are emptied.
 * - Queue messages still waiting in Miniflare (a retry's delay) are delivered during a later file, to its
 *   world: they name rows of another database, and the consumer finds nothing to do.
 */
import { afterAll, beforeAll } from "vitest";
import { env, reset } from "cloudflare:test";
import { forgetConfig } from "../config";
import { forgetLandingFigures } from "../landing/figures";

/** Not a worker variable: only the test runner sets it (vitest.config.ts). */
const { TEST_WORLD_BROKER } = env as Env & { TEST_WORLD_BROKER: string };

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const { objects } = await bucket.list({ limit: 1000 });
    if (objects.length === 0) return;
    await bucket.delete(objects.map((o) => o.key));
  }
}

const res = await fetch(`${TEST_WORLD_BROKER}/worlds`, { method: "POST" });
if (!res.ok) throw new Error(`test world: ${res.status} ${await res.text()}`);
// dev/test-worlds.ts WorldBindings (Node code, outside the worker's type program): strings, TEST_WORLD_URL among them.
const { bindings } = (await res.json()) as { bindings: Record<string, string> & { TEST_WORLD_URL: string } };
await Promise.all([reset(), emptyBucket(env.IMAGES)]);
Object.assign(env, bindings);
forgetConfig(env);
forgetLandingFigures();

let file = "";
// vitest reads a hook's first parameter as fixtures and wants it destructured; the suite comes second.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  file = suite.file.filepath;
});

afterAll(async () => {
  // The file's name is for bench/test-files.ts, which lines up the broker's timings with vitest's.
  await fetch(`${bindings.TEST_WORLD_URL}?file=${encodeURIComponent(file)}`, { method: "DELETE" });
});
