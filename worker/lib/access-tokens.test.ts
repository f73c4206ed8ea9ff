import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { signAccessToken, verifyAccessToken } from "./access-tokens";

const config = { JWT_SECRET: "tokens-test-secret-0123456789abcdefghij" };
const user = { id: crypto.randomUUID(), email: "memo@example.test", epoch: 3 };

describe("verifyAccessToken's per-isolate memo", () => {
  it("answers a verified token again, but not once it has expired", async () => {
    // a few seconds ahead, not one: `floor(now) + 1` could be a millisecond away, and the memoised answer below
    // then met an expired token on a busy machine (or by chance on an idle one)
    const exp = Math.floor(Date.now() / 1000) + 4;
    const token = await new SignJWT({ email: user.email, typ: "access", epoch: user.epoch })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.id)
      .setIssuer("headshot-studio")
      .setAudience("headshot-studio:api")
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(config.JWT_SECRET));
    expect(await verifyAccessToken(config, token)).toEqual(user);
    expect(await verifyAccessToken(config, token)).toEqual(user); // memoised
    // until the clock is past the expiry, with a second to spare (JWT times are whole seconds)
    while (Date.now() < (exp + 1) * 1000) await new Promise((r) => setTimeout(r, (exp + 1) * 1000 - Date.now()));
    expect(await verifyAccessToken(config, token)).toBeNull();
  });

  it("is keyed by the secret: a rotated secret does not accept the old token", async () => {
    const token = await signAccessToken(config, user);
    expect(await verifyAccessToken(config, token)).toEqual(user);
    expect(await verifyAccessToken({ JWT_SECRET: "another-secret-0123456789abcdefghijklmn" }, token)).toBeNull();
  });
});
