/**
 * Load benchmark of the hot path: GET /api/headshots/:id/status (every open tab polls it every 2 s).
 * 200 concurrent pollers for 30 s against a running `npm start`, then requests/s and p50/p99 latency.
 *
 *   npm start                          # in another terminal
 *   npx tsx bench/status-load.ts       # BASE_URL=http://127.0.0.1:8787 CONNECTIONS=200 DURATION=30
 *
 * It makes its own verified user and headshot through the API: sign up → the dev mailbox
 * (GET /api/dev/mailbox?to=...) → the verification link → upload a generated JPEG. Loopback only.
 */
import { createRequire } from "node:module";
import sharp from "sharp";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 30);

const base = new URL(BASE_URL);
if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(base.hostname)) {
  throw new Error(`BASE_URL must be a loopback address (got ${base.hostname}); this benchmark never targets other hosts.`);
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, base), { redirect: "manual", ...init });
}

async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.status >= 400) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

async function setUp(): Promise<{ token: string; headshotId: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = `bench-${crypto.randomUUID()}`;
  const signup = await expectOk(
    await call("/api/auth/signup", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password, acceptTerms: true }) }),
    "sign up",
  );
  const { accessToken } = (await signup.json()) as { accessToken: string };

  const mailbox = await expectOk(await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`), "dev mailbox");
  const { messages } = (await mailbox.json()) as { messages: { links?: string[]; text?: string }[] };
  const link = messages.flatMap((m) => m.links ?? m.text?.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes("/api/auth/verify"));
  if (!link) throw new Error("no verification link in the dev mailbox");
  const verifyUrl = new URL(link);
  await expectOk(await call(verifyUrl.pathname + verifyUrl.search), "verify email"); // only the path: stay on loopback

  const jpeg = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(jpeg)], "bench.jpg", { type: "image/jpeg" }));
  form.append("style", "LinkedIn");
  const upload = await expectOk(
    await call("/api/headshots/upload", { method: "POST", headers: { Authorization: `Bearer ${accessToken}` }, body: form }),
    "upload",
  );
  const { id } = (await upload.json()) as { id: string };
  return { token: accessToken, headshotId: id };
}

const { token, headshotId } = await setUp();
const url = new URL(`/api/headshots/${headshotId}/status`, base).toString();
const probe = await call(url, { headers: { Authorization: `Bearer ${token}` } });
console.log(`GET ${url} → ${probe.status} ${await probe.text()}`);
console.log(`${CONNECTIONS} concurrent pollers for ${DURATION} s ...`);

const result = await autocannon({
  url,
  connections: CONNECTIONS,
  duration: DURATION,
  headers: { Authorization: `Bearer ${token}` },
});

console.log("");
console.log(`requests/s   ${result.requests.average.toFixed(0)}  (total ${result.requests.total})`);
console.log(`latency p50  ${result.latency.p50} ms`);
console.log(`latency p99  ${result.latency.p99} ms   (avg ${result.latency.average} ms, max ${result.latency.max} ms)`);
console.log(`non-2xx      ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
