/**
 * Worker configuration, validated once per isolate. A bad or missing variable fails every request with
 * one message that names all of them (see `ConfigError`), instead of failing later in a handler.
 */
import { z } from "zod";
import { FAIR_USE_PER_HOUR } from "../domain/limits";

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const int = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: "custom", message: `must be an integer >= ${min}` });
        return z.NEVER;
      }
      return n;
    });
const secret = z.string().min(32, "must be at least 32 characters");

/** "kid:base64key,kid2:base64key" — the first key encrypts; every key can decrypt. */
const encryptionKeys = z.string().transform((value, ctx) => {
  const keys: { id: string; raw: Uint8Array }[] = [];
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id, b64] = part.split(":");
    let raw: Uint8Array | undefined;
    try {
      raw = b64 ? Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)) : undefined;
    } catch {
      /* reported below */
    }
    if (!id || !raw || raw.length !== 32) {
      ctx.addIssue({ code: "custom", message: "each entry must be kid:<base64 of 32 bytes>" });
      return z.NEVER;
    }
    keys.push({ id, raw });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: "custom", message: "at least one key is required" });
    return z.NEVER;
  }
  return keys;
});

/**
 * The defaults of every variable that has one: the one place they are written. wrangler.toml, .dev.vars.example
 * and the README's configuration table may only repeat them (worker/config-files.test.ts).
 */
export const CONFIG_DEFAULTS = {
  GEMINI_MODEL: "gemini-2.5-flash-image",
  GEMINI_IMAGE_COST_CENTS: 4,
  /** The published cap (domain/limits.ts, decision 108): the terms and pricing cards state it; lower only in tests. */
  FAIR_USE_PER_HOUR,
  /** A generation processing longer than this is failed and refunded (decision 080: above the longest render). */
  STUCK_AFTER_MINUTES: 10,
  GOOGLE_ISSUER: "https://accounts.google.com",
  MAIL_PROVIDER: "resend",
  MAIL_FROM: "Headshot Studio <hello@headshot.studio>",
} as const;
const D = CONFIG_DEFAULTS;

const schema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]),
  APP_URL: optional.pipe(z.url().optional()),
  OPERATOR_EMAIL: z.string().trim().toLowerCase().pipe(z.email()),
  DATABASE_URL: z.string().min(1),
  DATABASE_WS_PROXY: optional,
  DATABASE_HTTP_URL: optional.pipe(z.url().optional()),
  JWT_SECRET: secret,
  IMAGE_ENCRYPTION_KEYS: encryptionKeys,
  URL_SIGNING_SECRET: secret,
  /** Keys the hashes of addresses that already had their free generations or money-back (decision 176). */
  ADDRESS_HASH_SECRET: secret,
  GEMINI_API_KEY: optional,
  GEMINI_BASE_URL: optional,
  GEMINI_MODEL: z.string().default(D.GEMINI_MODEL),
  GEMINI_IMAGE_COST_CENTS: int(D.GEMINI_IMAGE_COST_CENTS),
  FAIR_USE_PER_HOUR: int(D.FAIR_USE_PER_HOUR, 1),
  STUCK_AFTER_MINUTES: int(D.STUCK_AFTER_MINUTES, 1),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  STRIPE_PRICE_WEEKLY: optional,
  STRIPE_PRICE_MONTHLY: optional,
  STRIPE_PRICE_YEARLY: optional,
  /** The Team plan's per-seat monthly price (issue 25). */
  STRIPE_PRICE_TEAM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.string().default(D.GOOGLE_ISSUER),
  MAIL_PROVIDER: z.enum(["resend", "dev"]).default(D.MAIL_PROVIDER),
  MAIL_API_KEY: optional,
  MAIL_FROM: z.string().default(D.MAIL_FROM),
});

/** Every variable the worker reads. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid worker configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

const cache = new WeakMap<object, Config>();

export function parseConfig(env: Record<string, unknown>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`));
  }
  return result.data;
}

/** The validated config for this env object (parsed once, then cached). */
export function getConfig(env: Env): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as unknown as Record<string, unknown>);
    cache.set(env, config);
  }
  return config;
}
