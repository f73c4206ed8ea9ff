/**
 * Helpers for the headshot and generation tests: uploads through the API, a recording queue so
 * `generate` can be called without background delivery, and rows seeded straight into `processing`
 * so the consumer can be driven directly.
 */
import { DEFAULT_IMAGE_MODEL } from "../../domain/models";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { app } from "../app";
import { credits, headshots, users } from "../../db/schema";
import { getConfig } from "../config";
import { putEncrypted } from "../storage/encrypted";
import { originalKey } from "../storage/keys";
import { api, client, clientWith, recordingQueue, testDb } from "./helpers";
import { jpegBytes } from "./images";

export function photoForm(
  bytes: Uint8Array,
  fields: Record<string, string> = { style: "LinkedIn" },
  name = "me.jpg",
  type = "image/jpeg",
): FormData {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

export async function upload(auth: Record<string, string>, bytes: Uint8Array = jpegBytes(), fields?: Record<string, string>) {
  const res = await api("/api/headshots/upload", { method: "POST", headers: auth, body: photoForm(bytes, fields) });
  return { res, body: (await res.json()) as Record<string, unknown> & { id: string; message?: string } };
}

/** An env whose GENERATIONS queue records instead of delivering. */
export function withRecordingQueue(overrides: Partial<Env> = {}) {
  const { sent, queue } = recordingQueue();
  const testEnv = { ...env, GENERATIONS: queue, ...overrides } as Env;
  return {
    sent,
    env: testEnv,
    /** Raw, for a multipart upload. */
    fetch: async (path: string, init: RequestInit = {}): Promise<Response> =>
      app.request(new URL(path, "http://app.test").toString(), init, testEnv),
    client: clientWith(testEnv),
  };
}

/** A headshot row already `processing` (as if generate had run), with its original stored. */
export function seedProcessing(userId: string, opts: SeedOptions = {}) {
  return seedHeadshot(userId, "processing", opts);
}

/** A stored upload never generated (`pending`), as an upload would leave it, whatever the user's credits. */
export function seedPending(userId: string, opts: Omit<SeedOptions, "chargedCredit" | "queuedAt"> & { createdAt?: Date } = {}) {
  return seedHeadshot(userId, "pending", { ...opts, chargedCredit: false });
}

interface SeedOptions {
  chargedCredit?: boolean;
  style?: string;
  gender?: string | null;
  bytes?: Uint8Array;
  queuedAt?: Date;
  createdAt?: Date;
}

async function seedHeadshot(userId: string, status: "pending" | "processing", opts: SeedOptions) {
  const id = crypto.randomUUID();
  const key = originalKey(userId, id);
  const keyId = await putEncrypted(env.IMAGES, getConfig(env), key, opts.bytes ?? jpegBytes(), "image/jpeg");
  const { db, close } = testDb();
  try {
    await db.insert(headshots).values({
      id,
      userId,
      style: opts.style ?? "Corporate",
      gender: opts.gender === undefined ? "woman" : opts.gender,
      status,
      chargedCredit: opts.chargedCredit ?? true,
      originalKey: key,
      originalMime: "image/jpeg",
      encryptionKeyId: keyId,
      queuedAt: status === "processing" ? (opts.queuedAt ?? new Date()) : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    });
    if (opts.chargedCredit ?? true) {
      const [row] = await db.select().from(credits).where(eq(credits.userId, userId));
      await db
        .update(credits)
        .set({ used: (row?.used ?? 0) + 1 })
        .where(eq(credits.userId, userId));
    }
  } finally {
    await close();
  }
  return id;
}

export async function headshotRow(id: string) {
  const { db, close } = testDb();
  try {
    const [row] = await db.select().from(headshots).where(eq(headshots.id, id));
    return row!;
  } finally {
    await close();
  }
}

export async function creditsRow(userId: string) {
  const { db, close } = testDb();
  try {
    const [row] = await db.select().from(credits).where(eq(credits.userId, userId));
    return row!;
  } finally {
    await close();
  }
}

/** A person's fair-use allowance (decision 295): the pictures it held at `at` (null: full, never used). */
export async function fairUseOf(userId: string): Promise<{ tokens: number | null; at: Date | null }> {
  const { db, close } = testDb();
  try {
    const [row] = await db.select({ tokens: users.fairUseTokens, at: users.fairUseAt }).from(users).where(eq(users.id, userId));
    return row!;
  } finally {
    await close();
  }
}

/** Sets a person's fair-use allowance to `tokens` pictures at `at` (null: full). */
export async function setFairUse(userId: string, tokens: number | null, at: Date | null = tokens === null ? null : new Date()) {
  const { db, close } = testDb();
  try {
    await db.update(users).set({ fairUseTokens: tokens, fairUseAt: at }).where(eq(users.id, userId));
  } finally {
    await close();
  }
}

/**
 * An env whose model name carries the stand-in's test hooks: `hooks` after `--` behind the default model
 * (domain/models.ts splitModelId), or a whole name that already has them. Returns the name as the stand-in sees it too.
 */
export const testModel = (hooks: string) => (hooks.includes("--") ? hooks : `${DEFAULT_IMAGE_MODEL}--${hooks}`);
export const envWithModel = (hooks: string) => ({ ...env, GEMINI_MODEL: testModel(hooks) }) as Env;
/** The env with this chain: GEMINI_MODEL, then GEMINI_FALLBACK_MODELS (none: a 404 has nowhere to go; decision 290). */
export const envWithChain = (model: string, fallbacks: string[]) =>
  ({ ...env, GEMINI_MODEL: testModel(model), GEMINI_FALLBACK_MODELS: fallbacks.join(",") }) as Env;

type StatusAnswer = Awaited<ReturnType<(typeof client.headshots)[":id"]["status"]["$get"]>>;

/**
 * The body of a status answer. The route may also answer 304 without a body (only to a matching
 * If-None-Match), which types `res.json()` as unknown until that case is set aside.
 */
export async function statusBody(res: StatusAnswer) {
  if (res.status === 304) throw new Error("status answered 304: no body");
  return res.json();
}

/** GET /api/headshots/:id/status as its owner: the body. */
export const statusOf = async (id: string, auth: Record<string, string>) =>
  statusBody(await client.headshots[":id"].status.$get({ param: { id } }, { headers: auth }));
