/**
 * Worker configuration, validated once per isolate. A bad or missing variable fails every request with
 * one message that names all of them (see `ConfigError`), instead of failing later in a handler.
 */
import { z } from "zod";
import { DEFAULT_IMAGE_MODEL, FREE_IMAGE_SIZE, PAID_IMAGE_SIZE, imageModel, isShutDown, splitModelId, successor } from "../domain/models";
import { DEFAULT_TEXT_MODEL, isTextModelShutDown, textModel } from "../domain/text-models";
import { productionProblems } from "./production-config";
import { BILLING_PLANS, byStripePriceVar, type BillingPlan } from "../domain/plans";

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
  /** The image model (domain/models.ts: its price, sizes and shutdown date come from that table). */
  GEMINI_MODEL: DEFAULT_IMAGE_MODEL,
  /**
   * The models that serve, in order, once Google answers 404 NOT_FOUND for GEMINI_MODEL (comma-separated ids of
   * domain/models.ts offering the free and the paid size; decision 290). 3 Pro Image costs about 2.7 times Nano
   * Banana 2.1 at 2K: a stopgap while the operator, who is mailed, sets a new GEMINI_MODEL.
   */
  GEMINI_FALLBACK_MODELS: "gemini-3-pro-image",
  /** The cheap text model that judges a refine instruction's meaning (domain/text-models.ts; decision 310). */
  GEMINI_TEXT_MODEL: DEFAULT_TEXT_MODEL,
  /**
   * The image model's quota for this project (Google's images or requests per minute per model): the shared
   * limiter's pace (worker/generation/limiter.ts). wrangler.toml's consumer settings are derived from the default.
   */
  GEMINI_IMAGES_PER_MINUTE: 60,
  /**
   * The image model's requests per day for this project (Google's RPD, reset at midnight Pacific time): past it the
   * shared limiter holds every call until the reset (decision 296). Set it from the project's tier in AI Studio.
   */
  GEMINI_REQUESTS_PER_DAY: 10_000,
  /** A generation whose lease (the try under way, or its retry schedule) ran out this long ago is failed and refunded (decisions 080, 190). */
  STUCK_AFTER_MINUTES: 10,
  /**
   * PBKDF2 iterations of a new password hash: the most production Workers allow (decision 165). Only tests set
   * fewer; production refuses anything else.
   */
  PASSWORD_HASH_ITERATIONS: 100_000,
  GOOGLE_ISSUER: "https://accounts.google.com",
  MAIL_PROVIDER: "resend",
  MAIL_FROM: "Headshot Studio <hello@headshot.studio>",
  /** The operator's alerts (decision 188), over the last hour: the model's failure and 429 shares in percent… */
  ALERT_MODEL_FAILURE_PERCENT: 20,
  ALERT_MODEL_RATE_LIMITED_PERCENT: 10,
  /** …once there were at least this many model calls; the oldest queued generation's age; dead-lettered messages. */
  ALERT_MIN_MODEL_CALLS: 10,
  ALERT_QUEUE_AGE_SECONDS: 300,
  ALERT_DEAD_LETTERS: 1,
  ALERT_WEBHOOK_FAILURES: 3,
} as const;
const D = CONFIG_DEFAULTS;

const schema = z
  .object({
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
    GEMINI_MODEL: z.string().trim().default(D.GEMINI_MODEL),
    GEMINI_FALLBACK_MODELS: z
      .string()
      .default(D.GEMINI_FALLBACK_MODELS)
      .transform((v) =>
        v
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
      ),
    GEMINI_TEXT_MODEL: z.string().trim().default(D.GEMINI_TEXT_MODEL),
    GEMINI_IMAGES_PER_MINUTE: int(D.GEMINI_IMAGES_PER_MINUTE, 1),
    GEMINI_REQUESTS_PER_DAY: int(D.GEMINI_REQUESTS_PER_DAY, 1),
    STUCK_AFTER_MINUTES: int(D.STUCK_AFTER_MINUTES, 1),
    PASSWORD_HASH_ITERATIONS: int(D.PASSWORD_HASH_ITERATIONS, 1).pipe(
      z.number().max(D.PASSWORD_HASH_ITERATIONS, `must be at most ${D.PASSWORD_HASH_ITERATIONS} (the Workers cap)`),
    ),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_URL: optional.pipe(z.url().optional()),
    /** Each plan's launch price (domain/plans.ts `stripePriceVar`; the Team plan's is per seat a month, issue 25). */
    ...byStripePriceVar(Object.fromEntries(BILLING_PLANS.map((id) => [id, optional])) as Record<BillingPlan, typeof optional>),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GOOGLE_ISSUER: z.string().default(D.GOOGLE_ISSUER),
    MAIL_PROVIDER: z.enum(["resend", "dev"]).default(D.MAIL_PROVIDER),
    MAIL_API_KEY: optional,
    MAIL_FROM: z.string().default(D.MAIL_FROM),
    ALERT_MODEL_FAILURE_PERCENT: int(D.ALERT_MODEL_FAILURE_PERCENT, 1),
    ALERT_MODEL_RATE_LIMITED_PERCENT: int(D.ALERT_MODEL_RATE_LIMITED_PERCENT, 1),
    ALERT_MIN_MODEL_CALLS: int(D.ALERT_MIN_MODEL_CALLS, 1),
    ALERT_QUEUE_AGE_SECONDS: int(D.ALERT_QUEUE_AGE_SECONDS, 1),
    ALERT_DEAD_LETTERS: int(D.ALERT_DEAD_LETTERS, 1),
    ALERT_WEBHOOK_FAILURES: int(D.ALERT_WEBHOOK_FAILURES, 1),
    /** Sentry's DSN: unexpected errors are reported there; unset, reporting is off (worker/ops/error-reports.ts, decision 261). */
    SENTRY_DSN: optional.pipe(z.url().optional()),
    /**
     * Content Credentials (decision 321): the signing key (PKCS#8 PEM, P-256) and certificate chain (PEM, the
     * signer first) every delivered picture's C2PA manifest is signed with. Required in production; locally
     * the committed test CA's signer (dev/c2pa/); unset elsewhere, pictures carry the XMP marking only.
     */
    C2PA_SIGNING_KEY: optional.pipe(
      z.string().includes("-----BEGIN PRIVATE KEY-----", { message: "must be a PKCS#8 PEM (BEGIN PRIVATE KEY)" }).optional(),
    ),
    C2PA_CERT_CHAIN: optional.pipe(
      z.string().includes("-----BEGIN CERTIFICATE-----", { message: "must be PEM certificates (BEGIN CERTIFICATE)" }).optional(),
    ),
  })
  .superRefine((config, ctx) => {
    for (const { path, message } of modelProblems(config)) ctx.addIssue({ code: "custom", path: [path], message });
    const textProblem = textModelProblem(config);
    if (textProblem) ctx.addIssue({ code: "custom", path: ["GEMINI_TEXT_MODEL"], message: textProblem });
    // Production has no stand-in: without a key every call would be answered 400/403 and blamed on the photo.
    if (config.ENVIRONMENT === "production" && !config.GEMINI_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["GEMINI_API_KEY"], message: "is required in production (the key of the Gemini API)" });
    }
    if (config.ENVIRONMENT === "production" && config.PASSWORD_HASH_ITERATIONS !== D.PASSWORD_HASH_ITERATIONS) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_ITERATIONS"],
        message: `must be ${D.PASSWORD_HASH_ITERATIONS} in production (leave it unset)`,
      });
    }
  });

/**
 * Why the configured chain of models (GEMINI_MODEL, then GEMINI_FALLBACK_MODELS) cannot be used: a model the
 * table (domain/models.ts) does not know, one without the free or the paid size, the local stand-in's test hooks
 * (`<id>--hooks`) in production, or a chain whose every model Google has shut down (the message names the
 * replacement). A shut-down GEMINI_MODEL with a live fallback is served by the fallback (decision 290), and
 * Monitoring says so: a date in the table passing must not stop every new isolate. The daily cron and
 * Monitoring warn 30 days ahead (worker/generation/model-status.ts); Google's own list is asked daily and
 * before each deploy (worker/generation/model-list.ts, dev/check-models.ts).
 */
function modelProblems(
  config: { ENVIRONMENT: string; GEMINI_MODEL: string; GEMINI_FALLBACK_MODELS: string[] },
  now = new Date(),
): { path: "GEMINI_MODEL" | "GEMINI_FALLBACK_MODELS"; message: string }[] {
  const chain = [
    { path: "GEMINI_MODEL" as const, id: config.GEMINI_MODEL },
    ...config.GEMINI_FALLBACK_MODELS.map((id) => ({ path: "GEMINI_FALLBACK_MODELS" as const, id })),
  ];
  const problems: { path: "GEMINI_MODEL" | "GEMINI_FALLBACK_MODELS"; message: string }[] = [];
  for (const { path, id } of chain) {
    const model = imageModel(id);
    const problem = !model
      ? `${id} is not a model this product knows (domain/models.ts); use ${DEFAULT_IMAGE_MODEL}`
      : config.ENVIRONMENT === "production" && splitModelId(id).hooks !== null
        ? `${id} carries the local stand-in's test hooks; use ${model.id}`
        : !isShutDown(model, now) && !(FREE_IMAGE_SIZE in model.imageMills && PAID_IMAGE_SIZE in model.imageMills)
          ? `${model.id} offers no ${PAID_IMAGE_SIZE} output (free pictures are ${FREE_IMAGE_SIZE}, paid ones ${PAID_IMAGE_SIZE}); use ${DEFAULT_IMAGE_MODEL}`
          : null;
    if (problem) problems.push({ path, message: problem });
  }
  if (problems.length === 0 && chain.every(({ id }) => isShutDown(imageModel(id)!, now))) {
    const model = imageModel(config.GEMINI_MODEL)!;
    const also = chain.length > 1 ? " (and so was every model of GEMINI_FALLBACK_MODELS)" : "";
    problems.push({
      path: "GEMINI_MODEL",
      message: `${model.id} was shut down by Google on ${model.shutdown}${also}; use ${successor(model, now)}`,
    });
  }
  return problems;
}

/** Why the configured text model (the instruction judge's) cannot be used, or null: as modelProblem, from domain/text-models.ts. */
function textModelProblem(config: { ENVIRONMENT: string; GEMINI_TEXT_MODEL: string }, now = new Date()): string | null {
  const model = textModel(config.GEMINI_TEXT_MODEL);
  if (!model)
    return `${config.GEMINI_TEXT_MODEL} is not a text model this product knows (domain/text-models.ts); use ${DEFAULT_TEXT_MODEL}`;
  if (isTextModelShutDown(model, now))
    return `${model.id} was shut down by Google on ${model.shutdown}; use ${model.replacement ?? DEFAULT_TEXT_MODEL}`;
  if (config.ENVIRONMENT === "production" && splitModelId(config.GEMINI_TEXT_MODEL).hooks !== null)
    return `${config.GEMINI_TEXT_MODEL} carries the local stand-in's test hooks; use ${model.id}`;
  return null;
}

/** Every variable the worker reads. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid worker configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/** The validated config, or one `ConfigError` naming every bad variable: the schema's problems and production's. */
export function parseConfig(env: Record<string, unknown>): Config {
  const result = schema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  const named = new Set(problems.map((p) => p.split(":")[0]));
  problems.push(...productionProblems(env).filter((p) => !named.has(p.split(":")[0])));
  if (problems.length || !result.success) throw new ConfigError(problems);
  return result.data;
}

/** What every request is answered while the configuration is refused (decision 185): no variable is named. */
export const NOT_CONFIGURED_MESSAGE = "The service is not configured to run.";

/**
 * Parsed configurations by the values they were parsed from. Keyed by value, not by the `env` object: a wrapper
 * may hand each call its own object (`@sentry/cloudflare`'s `withSentry` gives every fetch, queue and scheduled
 * call a new `Proxy` of `env`), which a WeakMap keyed by `env` never finds again (issue 47, decision 316).
 */
const cache = new Map<string, Config | ConfigError>();
/** Distinct configurations kept: production has one per isolate; tests switch between a few. */
const CACHE_SIZE = 16;

/** The configuration's values as one string: what the schema reads, each variable's text (bindings as null). */
function fingerprint(env: Env): string {
  const values = env as unknown as Record<string, unknown>;
  return JSON.stringify(CONFIG_VARIABLES.map((name) => (typeof values[name] === "string" ? values[name] : null)));
}

/**
 * The validated config, parsed once per isolate (per set of values, whatever object carries them). A bad
 * configuration throws the same `ConfigError` on every call and is logged once, when it is first found (the
 * isolate's start).
 */
export function getConfig(env: Env): Config {
  const key = fingerprint(env);
  let config = cache.get(key);
  if (!config) {
    try {
      config = parseConfig(env as unknown as Record<string, unknown>);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(JSON.stringify({ level: "error", message: err.message, problems: err.problems, time: new Date().toISOString() }));
      config = err;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, config);
  }
  if (config instanceof ConfigError) throw config;
  return config;
}

/**
 * Forgets what `getConfig` parsed for this env's values. Production never changes an env's bindings; the test
 * runner does, when one isolate moves on to the next file's test world (worker/test/world.ts).
 */
export function forgetConfig(env: Env): void {
  cache.delete(fingerprint(env));
}
