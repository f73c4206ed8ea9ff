import { describe, expect, it } from "vitest";
import { FAIR_USE_PER_HOUR } from "../domain/limits";
import { ConfigError, parseConfig } from "./config";

const good = {
  ENVIRONMENT: "production",
  OPERATOR_EMAIL: " Operator@Example.com ",
  DATABASE_URL: "postgres://u@h/db",
  JWT_SECRET: "x".repeat(32),
  URL_SIGNING_SECRET: "y".repeat(32),
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
    expect(problemsOf({ ...good, GEMINI_MODEL: "gemini-3.1-flash-image--standin-block" })[0]).toMatch(
      /^GEMINI_MODEL: .* carries the local stand-in's test hooks/,
    );
    expect(problemsOf({ ...good, ENVIRONMENT: "test", GEMINI_MODEL: "gemini-3.1-flash-image--standin-block" })).toEqual([]);
  });

  it("a missing GEMINI_API_KEY is a configuration error in production (no placeholder key there), not elsewhere", () => {
    expect(problemsOf({ ...good, GEMINI_API_KEY: undefined })).toEqual([
      "GEMINI_API_KEY: is required in production (the key of the Gemini API)",
    ]);
    expect(problemsOf({ ...good, GEMINI_API_KEY: "  " })).toEqual([
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
});
