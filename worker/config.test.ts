import { describe, expect, it, vi } from "vitest";
import { FAIR_USE_PER_HOUR } from "../domain/limits";
import { CONFIG_VARIABLES, ConfigError, parseConfig } from "./config";
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
  FAIR_USE_PER_HOUR: "12",
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
    expect(config.FAIR_USE_PER_HOUR).toBe(12);
    expect(config.STUCK_AFTER_MINUTES).toBe(10);
    expect(config.GEMINI_MODEL).toBe("gemini-3.1-flash-image");
    expect(config.IMAGE_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(["k1", "k0"]);
    expect(config.GEMINI_API_KEY).toBe("AIza-test-key");
  });

  it("refuses a model Google has shut down, naming the replacement", () => {
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-2.5-flash-image" })).toEqual([
      "GEMINI_MODEL: gemini-2.5-flash-image was shut down by Google on 2026-10-02; use gemini-3.1-flash-image",
    ]);
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3-pro-image-preview" })).toEqual([
      "GEMINI_MODEL: gemini-3-pro-image-preview was shut down by Google on 2026-06-25; use gemini-3-pro-image",
    ]);
    expect(problemsOf({ ...good, ENVIRONMENT: "test", GEMINI_MODEL: "gemini-2.5-flash-image--standin-block" })[0]).toMatch(
      /^GEMINI_MODEL: gemini-2.5-flash-image was shut down/,
    );
  });

  it("refuses a model the table does not know, and the stand-in's test hooks in production", () => {
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-9-imaginary" })).toEqual([
      "GEMINI_MODEL: gemini-9-imaginary is not a model this product knows (domain/models.ts); use gemini-3.1-flash-image",
    ]);
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3-pro-image" })).toEqual([]);
    expect(problemsOf({ ...production, GEMINI_MODEL: "gemini-3.1-flash-image--standin-block" })[0]).toMatch(
      /^GEMINI_MODEL: .* carries the local stand-in's test hooks/,
    );
    expect(problemsOf({ ...good, ENVIRONMENT: "test", GEMINI_MODEL: "gemini-3.1-flash-image--standin-block" })).toEqual([]);
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

  it("the fair-use cap left unset is the one the pricing cards and the terms state", () => {
    expect(parseConfig({ ...good, FAIR_USE_PER_HOUR: undefined }).FAIR_USE_PER_HOUR).toBe(FAIR_USE_PER_HOUR);
  });

  it("names every missing or bad variable in one message", () => {
    const bad = {
      ...good,
      JWT_SECRET: "short",
      OPERATOR_EMAIL: "not-an-email",
      DATABASE_URL: undefined,
      FAIR_USE_PER_HOUR: "-3",
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
    expect(problems.sort()).toEqual(["DATABASE_URL", "FAIR_USE_PER_HOUR", "IMAGE_ENCRYPTION_KEYS", "JWT_SECRET", "OPERATOR_EMAIL"]);
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
  STRIPE_PRICE_WEEKLY: "price_w",
  STRIPE_PRICE_MONTHLY: "price_m",
  STRIPE_PRICE_YEARLY: "price_y",
  STRIPE_PRICE_TEAM: "price_t",
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "google-secret",
  MAIL_API_KEY: "re_x",
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
});
