import { describe, expect, it } from "vitest";
import { FAIR_USE_PER_HOUR } from "../domain/limits";
import { ConfigError, parseConfig } from "./config";

const good = {
  ENVIRONMENT: "production",
  OPERATOR_EMAIL: " Operator@Example.com ",
  DATABASE_URL: "postgres://u@h/db",
  JWT_SECRET: "x".repeat(32),
  URL_SIGNING_SECRET: "y".repeat(32),
  ADDRESS_HASH_SECRET: "z".repeat(32),
  IMAGE_ENCRYPTION_KEYS: `k1:${btoa("a".repeat(32))},k0:${btoa("b".repeat(32))}`,
  FAIR_USE_PER_HOUR: "12",
};

describe("parseConfig", () => {
  it("normalises values and applies defaults", () => {
    const config = parseConfig(good);
    expect(config.OPERATOR_EMAIL).toBe("operator@example.com");
    expect(config.FAIR_USE_PER_HOUR).toBe(12);
    expect(config.STUCK_AFTER_MINUTES).toBe(10);
    expect(config.GEMINI_MODEL).toBe("gemini-2.5-flash-image");
    expect(config.IMAGE_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(["k1", "k0"]);
    expect(config.GEMINI_API_KEY).toBeUndefined();
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
