/**
 * What the load benchmarks share: a loopback-only client for a running `npm start`, and a verified
 * user made through the API (sign up → the dev mailbox → the verification link). Loopback only.
 */
import sharp from "sharp";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
export const base = new URL(BASE_URL);
if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(base.hostname)) {
  throw new Error(`BASE_URL must be a loopback address (got ${base.hostname}); this benchmark never targets other hosts.`);
}

export async function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, base), { redirect: "manual", ...init });
}

export async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.status >= 400) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new verified user; `ip` sets CF-Connecting-IP so repeated runs do not meet the sign-up limit per address. */
export async function verifiedUser(ip = `10.${rand()}.${rand()}.${rand()}`): Promise<{ token: string; email: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = `bench-${crypto.randomUUID()}`;
  const signup = await expectOk(
    await call("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email, password, acceptTerms: true }),
    }),
    "sign up",
  );
  // The link is opened "in the browser that signed up" (its refresh cookie), which keeps that session
  // (decision 085); the proof moves the session epoch, so a fresh access token is read afterwards.
  const cookie = signup.headers
    .getSetCookie()
    .find((l) => l.startsWith("hs_refresh="))!
    .split(";")[0]!;
  const mailbox = await expectOk(await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`), "dev mailbox");
  const { messages } = (await mailbox.json()) as { messages: { links?: string[]; text?: string }[] };
  const link = messages.flatMap((m) => m.links ?? m.text?.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes("/api/auth/verify"));
  if (!link) throw new Error("no verification link in the dev mailbox");
  const verifyUrl = new URL(link);
  await expectOk(await call(verifyUrl.pathname + verifyUrl.search, { headers: { Cookie: cookie } }), "verify email"); // only the path: stay on loopback
  const session = await expectOk(await call("/api/auth/session", { headers: { Cookie: cookie } }), "session");
  const { accessToken } = (await session.json()) as { accessToken: string };
  return { token: accessToken, email };
}
const rand = () => 1 + Math.floor(Math.random() * 250);

/** Uploads a generated photo; returns the pending headshot's id. */
export async function uploadPhoto(token: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(jpeg)], "bench.jpg", { type: "image/jpeg" }));
  form.append("style", "LinkedIn");
  const upload = await expectOk(
    await call("/api/headshots/upload", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form }),
    "upload",
  );
  return ((await upload.json()) as { id: string }).id;
}

/** Starts a generation and polls its status every `everyMs` until it is finished; resolves with the final status. */
export async function generateAndWait(token: string, id: string, everyMs = 5): Promise<{ status: string; ms: number }> {
  const auth = { Authorization: `Bearer ${token}` };
  const t0 = performance.now();
  await expectOk(await call(`/api/headshots/${id}/generate`, { method: "POST", headers: auth }), "generate");
  for (;;) {
    const res = await expectOk(await call(`/api/headshots/${id}/status`, { headers: auth }), "status");
    const { status } = (await res.json()) as { status: string };
    if (status === "completed" || status === "failed") return { status, ms: performance.now() - t0 };
    if (performance.now() - t0 > 120_000) throw new Error(`generation ${id} still ${status} after 120 s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
