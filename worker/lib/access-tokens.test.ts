import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { signAccessToken, verifyAccessToken } from "./access-tokens";

const config = { JWT_SECRET: "tokens-test-secret-0123456789abcdefghij" };
const user = { id: crypto.randomUUID(), email: "memo@example.test", epoch: 3 };

describe("verifyAccessToken's per-isolate memo", () => {
  it("answers a verified token again, but not once it has expired", async () => {
    const token = await new SignJWT({ email: user.email, typ: "access", epoch: user.epoch })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.id)
      .setIssuer("headshot-studio")
      .setAudience("headshot-studio:api")
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 1)
      .sign(new TextEncoder().encode(config.JWT_SECRET));
    expect(await verifyAccessToken(config, token)).toEqual(user);
    expect(await verifyAccessToken(config, token)).toEqual(user); // memoised
    await new Promise((r) => setTimeout(r, 2100));
    expect(await verifyAccessToken(config, token)).toBeNull();
  });

  it("is keyed by the secret: a rotated secret does not accept the old token", async () => {
    const token = await signAccessToken(config, user);
    expect(await verifyAccessToken(config, token)).toEqual(user);
    expect(await verifyAccessToken({ JWT_SECRET: "another-secret-0123456789abcdefghijklmn" }, token)).toBeNull();
  });
});
