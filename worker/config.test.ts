import { describe, expect, it, vi } from "vitest";
import { env as testEnv } from "cloudflare:test";
import { DEFAULT_IMAGE_MODEL, imageModel, isShutDown } from "../domain/models";
import { BILLING_PLANS, byStripePriceVar, type BillingPlan } from "../domain/plans";
import { CONFIG_DEFAULTS, CONFIG_VARIABLES, ConfigError, getConfig, parseConfig } from "./config";
import worker from "./index";
import { PRODUCTION_SECRETS } from "./production-config";
import { app } from "./app";

const good = {
  ENVIRONMENT: "development",
  OPERATOR_EMAIL: " Operator@Example.com ",
  DATABASE_URL: "postgres://u@h/db",
  JWT_SECRET: "x".repeat(32),
  URL_SIGNING_SECRET: "y".repeat(32),
  ADDRESS_HASH_SECRET: "z".repeat(32),
  IMAGE_ENCRYPTION_KEYS: `k1:${btoa("a".repeat(32))},k0:${btoa("b".repeat(32))}`,
  GEMINI_IMAGES_PER_MINUTE: "12",
  GEMINI_API_KEY: "AIza-test-key",
};

/** The problems of a configuration, as "VARIABLE: message". */
function problemsOf(env: Record<string, unknown>): string[] {
  try {
    parseConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
}

describe("parseConfig", () => {
  it("normalises values and applies defaults", () => {
    const config = parseConfig(good);
    expect(config.OPERATOR_EMAIL).toBe("operator@example.com");
    expect(config.GEMINI_IMAGES_PER_MINUTE).toBe(12);
    expect(config.STUCK_AFTER_MINUTES).toBe(10);
    expect(config.GEMINI_MODEL).toBe("gemini-nano-banana-2.1");
    expect(config.IMAGE_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(["k1", "k0"]);
    expect(config.GEMINI_API_KEY).toBe("AIza-test-key");
  });

  it("defaults to a model Google has neither deprecated nor shut down (today, and on the day of the build's tests)", () => {
    const model = imageModel(CONFIG_DEFAULTS.GEMINI_MODEL)!;
    expect(model.id).toBe(DEFAULT_IMAGE_MODEL);
    expect(model.deprecated).toBeNull();
    expect(model.shutdown).toBeNull();
    expect(isShutDown(model, new Date())).toBe(false);
    expect(model.imageMills).toHaveProperty("1K");
    expect(model.imageMills).toHaveProperty("2K");
  });

  it("refuses a chain whose every model Google has shut down, naming the replacement; a live fallback serves a shut-down model", () => {
    const alone = { ...good, GEMINI_FALLBACK_MODELS: "" };
    expect(problemsOf({ ...alone, GEMINI_MODEL: "gemini-2.5-flash-image" })).toEqual([
      "GEMINI_MODEL: gemini-2.5-flash-image was shut down by Google on 2026-10-02; use gemini-nano-banana-2.1",
    ]);
    expect(problemsOf({ ...alone, GEMINI_MODEL: "gemini-3-pro-image-preview" })).toEqual([
      "GEMINI_MODEL: gemini-3-pro-image-preview was shut down by Google on 2026-06-25; use gemini-3-pro-image",
    ]);
    // 3.1 Flash Image, the default until Google deprecated it on 6 Oct 2026, shut down on 29 Oct (domain/models.ts)
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3.1-flash-image", GEMINI_FALLBACK_MODELS: "gemini-3-pro-image-preview" })).toEqual([
      "GEMINI_MODEL: gemini-3.1-flash-image was shut down by Google on 2026-10-29 (and so was every model of GEMINI_FALLBACK_MODELS); use gemini-nano-banana-2.1",
    ]);
    // with a live fallback (the default's 3 Pro Image) the chain still serves: a date in the table passing stops no isolate
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3.1-flash-image" })).toEqual([]);
    expect(parseConfig(good).GEMINI_FALLBACK_MODELS).toEqual(["gemini-3-pro-image"]);
    expect(
      parseConfig({ ...good, GEMINI_FALLBACK_MODELS: " gemini-3-pro-image , gemini-nano-banana-2.1 " }).GEMINI_FALLBACK_MODELS,
    ).toEqual(["gemini-3-pro-image", "gemini-nano-banana-2.1"]);
    expect(problemsOf({ ...alone, ENVIRONMENT: "test", GEMINI_MODEL: "gemini-2.5-flash-image--standin-block" })[0]).toMatch(
      /^GEMINI_MODEL: gemini-2.5-flash-image was shut down/,
    );
  });

  it("refuses a fallback the table does not know, one without the paid size, and test hooks in production", () => {
    expect(problemsOf({ ...good, GEMINI_FALLBACK_MODELS: "gemini-3-pro-image,gemini-9-imaginary" })).toEqual([
      "GEMINI_FALLBACK_MODELS: gemini-9-imaginary is not a model this product knows (domain/models.ts); use gemini-nano-banana-2.1",
    ]);
    // Nano Banana 2 Lite makes 1K only: a subscriber's 2K picture cannot be made on it
    expect(problemsOf({ ...good, GEMINI_FALLBACK_MODELS: "gemini-3.1-flash-lite-image" })).toEqual([
      "GEMINI_FALLBACK_MODELS: gemini-3.1-flash-lite-image offers no 2K output (free pictures are 1K, paid ones 2K); use gemini-nano-banana-2.1",
    ]);
    expect(problemsOf({ ...production, GEMINI_FALLBACK_MODELS: "gemini-3-pro-image--standin-block" })[0]).toMatch(
      /^GEMINI_FALLBACK_MODELS: .* carries the local stand-in's test hooks/,
    );
  });

  it("refuses a model the table does not know, and the stand-in's test hooks in production", () => {
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-9-imaginary" })).toEqual([
      "GEMINI_MODEL: gemini-9-imaginary is not a model this product knows (domain/models.ts); use gemini-nano-banana-2.1",
    ]);
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3-pro-image" })).toEqual([]);
    expect(problemsOf({ ...production, GEMINI_MODEL: "gemini-nano-banana-2.1--standin-block" })[0]).toMatch(
      /^GEMINI_MODEL: .* carries the local stand-in's test hooks/,
    );
    expect(problemsOf({ ...good, ENVIRONMENT: "test", GEMINI_MODEL: "gemini-nano-banana-2.1--standin-block" })).toEqual([]);
  });

  it("a missing GEMINI_API_KEY is a configuration error in production (no placeholder key there), not elsewhere", () => {
    expect(problemsOf({ ...production, GEMINI_API_KEY: undefined })).toEqual([
      "GEMINI_API_KEY: is required in production (the key of the Gemini API)",
    ]);
    expect(problemsOf({ ...production, GEMINI_API_KEY: "  " })).toEqual([
      "GEMINI_API_KEY: is required in production (the key of the Gemini API)",
    ]);
    expect(problemsOf({ ...good, ENVIRONMENT: "development", GEMINI_API_KEY: undefined })).toEqual([]);
  });

  it("names every missing or bad variable in one message", () => {
    const bad = {
      ...good,
      JWT_SECRET: "short",
      OPERATOR_EMAIL: "not-an-email",
      DATABASE_URL: undefined,
      GEMINI_IMAGES_PER_MINUTE: "-3",
      IMAGE_ENCRYPTION_KEYS: "k1:abc",
    };
    let error: unknown;
    try {
      parseConfig(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(":")[0]);
    expect(problems.sort()).toEqual(["DATABASE_URL", "GEMINI_IMAGES_PER_MINUTE", "IMAGE_ENCRYPTION_KEYS", "JWT_SECRET", "OPERATOR_EMAIL"]);
  });

  it("the Content Credentials signer must be PEM: a key pasted as base64 alone is named at start-up", () => {
    let error: unknown;
    try {
      parseConfig({ ...good, C2PA_SIGNING_KEY: "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", C2PA_CERT_CHAIN: "not a certificate" });
    } catch (err) {
      error = err;
    }
    expect((error as ConfigError).problems.map((p) => p.split(":")[0]).sort()).toEqual(["C2PA_CERT_CHAIN", "C2PA_SIGNING_KEY"]);
  });
});

/** A production configuration with every secret, as `wrangler secret put` leaves it. */
const production: Record<string, string> = {
  ...good,
  ENVIRONMENT: "production",
  APP_URL: "https://headshot.studio",
  DATABASE_URL: "postgres://app:pw@ep-quiet-sea-123456-pooler.eu-central-1.aws.neon.tech/headshots?sslmode=require",
  GEMINI_API_KEY: "AIza-real",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  ...byStripePriceVar(Object.fromEntries(BILLING_PLANS.map((id) => [id, `price_${id}`])) as Record<BillingPlan, string>),
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "google-secret",
  MAIL_API_KEY: "re_x",
  SENTRY_DSN: "https://key@o1.ingest.de.sentry.io/2",
  C2PA_SIGNING_KEY: "-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----",
  C2PA_CERT_CHAIN: "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----",
};

/** The variables a ConfigError names, sorted. */
function refused(env: Record<string, unknown>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.split(":")[0]!).sort();
    throw err;
  }
  return [];
}

describe("production refuses development (issue 38, decision 185)", () => {
  it("accepts a production configuration with every secret and no stand-in", () => {
    expect(refused(production)).toEqual([]);
    // an https proxy in front of Google's API is not a stand-in
    expect(refused({ ...production, GEMINI_BASE_URL: "https://gateway.ai.cloudflare.com/v1/acct/gw/google-ai-studio" })).toEqual([]);
  });

  it("every required secret is a variable the worker reads", () => {
    expect(PRODUCTION_SECRETS.filter((name) => !(CONFIG_VARIABLES as string[]).includes(name))).toEqual([]);
  });

  it.each(PRODUCTION_SECRETS)("refuses production without %s", (name) => {
    expect(refused({ ...production, [name]: undefined })).toEqual([name]);
    expect(refused({ ...production, [name]: "  " })).toEqual([name]);
  });

  it.each([
    ["DATABASE_WS_PROXY", "127.0.0.1:5433/v1"],
    ["DATABASE_HTTP_URL", "http://127.0.0.1:5434/sql"],
    ["STRIPE_API_URL", "http://127.0.0.1:12111"],
    ["GEMINI_BASE_URL", "http://127.0.0.1:8790"],
    ["GEMINI_BASE_URL", "https://localhost:8790"],
    ["GEMINI_BASE_URL", "https://192.168.1.20"],
    ["GOOGLE_ISSUER", "http://127.0.0.1:8791"],
    ["MAIL_PROVIDER", "dev"],
    ["APP_URL", "http://headshot.studio"],
    ["APP_URL", "https://127.0.0.1:8787"],
    ["DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test"],
    ["DATABASE_URL", "postgres://postgres@localhost/test"],
  ])("refuses %s=%s in production", (name, value) => {
    expect(refused({ ...production, [name]: value })).toEqual([name]);
  });

  it("the same settings are a local run's, and development and test accept them", () => {
    const local = { ...good, MAIL_PROVIDER: "dev", STRIPE_API_URL: "http://127.0.0.1:12111", DATABASE_WS_PROXY: "127.0.0.1:5433/v1" };
    expect(refused(local)).toEqual([]);
    expect(refused({ ...local, ENVIRONMENT: "test" })).toEqual([]);
  });

  it("names every bad variable in one list, the schema's and production's together", () => {
    const env = { ...production, JWT_SECRET: "short", MAIL_PROVIDER: "dev", STRIPE_API_URL: "http://127.0.0.1:1", APP_URL: undefined };
    expect(refused(env)).toEqual(["APP_URL", "JWT_SECRET", "MAIL_PROVIDER", "STRIPE_API_URL"]);
  });

  it("a bad configuration is logged once per isolate and every request gets the same 503", async () => {
    const env = { ...production, MAIL_PROVIDER: "dev" } as unknown as Env;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await app.request("/api/health", {}, env);
        answers.push({ status: res.status, body: (await res.json()) as { message: string } });
      }
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
      expect(new Set(answers.map((a) => a.body.message)).size).toBe(1);
      const lines = logged.mock.calls.map((call) => JSON.parse(String(call[0])) as { problems?: string[] });
      expect(lines.filter((l) => l.problems)).toEqual([
        expect.objectContaining({ problems: ["MAIL_PROVIDER: the dev mailbox; must be resend in production"] }),
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it("is validated once per isolate whatever wraps env: a new Proxy each call (as @sentry/cloudflare hands it) finds it (issue 47)", () => {
    const first = getConfig(new Proxy(testEnv, {}));
    expect(getConfig(new Proxy(testEnv, {}))).toBe(first);
    expect(getConfig(testEnv)).toBe(first);
  });

  it("a refused configuration answers 503 without names on the live pages too, logged once across wrapped calls (issue 47)", async () => {
    // reporting off (no DSN: refused as well), so the wrapped worker sends nothing to Sentry from a test
    const env = { ...testEnv, ...production, MAIL_PROVIDER: "dev", SENTRY_DSN: undefined } as unknown as Env;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
      for (const path of ["/", "/services/business-headshots", "/api/health", "/"]) {
        const res = await worker.fetch(
          new Request(`https://headshot.studio${path}`) as Request<unknown, IncomingRequestCfProperties>,
          new Proxy(env, {}),
          ctx,
        );
        const body = await res.text();
        expect({ path, status: res.status }).toEqual({ path, status: 503 });
        expect(body).toContain("The service is not configured to run.");
        expect(body).not.toContain("MAIL_PROVIDER");
      }
      const lines = logged.mock.calls.map((call) => JSON.parse(String(call[0])) as { problems?: string[] });
      expect(lines.filter((l) => l.problems)).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});
