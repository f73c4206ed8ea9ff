/**
 * Findings of the outside audit (issue 12) on the auth surface. Each test failed before its fix.
 */
import { describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { refreshTokenFamilies, users } from "../../db/schema";
import { client, createTestUser, env, errorBody, inOneWindow, testDb } from "../test/helpers";
import { AUTH_LIMITS } from "./limits";
import { ageRotation, refreshWith, signUp, uniqueIp } from "../test/auth";
import { upload } from "../test/headshots";
import { userPrefix } from "../storage/keys";

const signin = (email: string, password: string, ip: string) =>
  client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": ip } });
const credits = (token: string) => client.users.credits.$get({}, { headers: { Authorization: `Bearer ${token}` } });

describe("bad input never reaches SQL", () => {
  it("a NUL byte in the sign-in or sign-up email is a 400 with a message, and nothing personal is logged", async () => {
    const errors = vi.spyOn(console, "error");
    const body = { email: "victim\u0000@example.test", password: "whatever-long-1", acceptTerms: true } as const;
    const headers = () => ({ headers: { "CF-Connecting-IP": uniqueIp() } });
    for (const send of [
      () => client.auth.signin.$post({ json: body }, headers()),
      () => client.auth.signup.$post({ json: body }, headers()),
    ]) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(await errorBody(res)).toMatchObject({ message: expect.stringContaining("email") });
    }
    expect(errors.mock.calls.flat().join("\n")).not.toContain("victim");
    errors.mockRestore();
  });

  it("a 12 KB CF-Connecting-IP is not a 500", async () => {
    const noise = Array.from(crypto.getRandomValues(new Uint8Array(6 * 1024)), (b) => b.toString(16).padStart(2, "0")).join("");
    const res = await signin("nobody@example.test", "wrong-password-1", noise);
    expect(res.status).toBe(401);
  });
});

describe("access tokens", () => {
  const secret = new TextEncoder().encode(env.JWT_SECRET);
  const base = (sub: string) =>
    new SignJWT({ email: "x@example.test", typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer("headshot-studio")
      .setAudience("headshot-studio:api");

  it("without exp are refused", async () => {
    const { user } = await createTestUser();
    const token = await base(user.id).setIssuedAt().sign(secret);
    expect((await credits(token)).status).toBe(401);
  });

  it("without iat are refused", async () => {
    const { user } = await createTestUser();
    const token = await base(user.id).setExpirationTime("5m").sign(secret);
    expect((await credits(token)).status).toBe(401);
  });

  it("with exp and iat are accepted (the control)", async () => {
    const { user } = await createTestUser();
    const token = await base(user.id).setIssuedAt().setExpirationTime("5m").sign(secret);
    expect((await credits(token)).status).toBe(200);
  });
});

describe("refresh-token families", () => {
  async function familyRevoked(refresh: string) {
    const { db, close } = testDb();
    try {
      const [row] = await db
        .select()
        .from(refreshTokenFamilies)
        .where(eq(refreshTokenFamilies.id, refresh.split(".")[0]!));
      return row!.revokedAt !== null;
    } finally {
      await close();
    }
  }

  it("a cookie holding only another user's family id (any secret) revokes nothing, on refresh or on sign-out", async () => {
    const victim = await signUp();
    const forged = `${victim.refresh.split(".")[0]}.forged-secret-part`;
    expect((await refreshWith(forged)).status).toBe(401);
    await client.auth.signout.$post({}, { headers: { Cookie: `hs_refresh=${forged}` } });
    expect(await familyRevoked(victim.refresh)).toBe(false);
    expect((await refreshWith(victim.refresh)).status).toBe(200);
  });

  it("a genuine stale token still revokes its family (reuse detection kept)", async () => {
    const { refresh } = await signUp();
    const first = await refreshWith(refresh);
    expect(first.status).toBe(200);
    await ageRotation(refresh); // past the grace window for tabs refreshing at once (decision 087)
    expect((await refreshWith(refresh)).status).toBe(401); // the old one again: someone copied it
    expect(await familyRevoked(refresh)).toBe(true);
  });
});

describe("sign-in throttling", () => {
  it("ten wrong passwords from an attacker's address do not lock the owner out", async () => {
    await inOneWindow(AUTH_LIMITS.signin.failures.windowSeconds);
    const owner = await signUp();
    const attacker = uniqueIp();
    for (let i = 0; i < 12; i++) await signin(owner.email, `wrong-password-${i}`, attacker);
    expect((await signin(owner.email, "wrong-password-x", attacker)).status).toBe(429);
    expect((await signin(owner.email, owner.password, uniqueIp())).status).toBe(200);
  });

  it("still throttles the address that keeps guessing, even with the right password", async () => {
    await inOneWindow(AUTH_LIMITS.signin.failures.windowSeconds);
    const owner = await signUp();
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await signin(owner.email, `wrong-password-${i}`, attacker)).status).toBe(401);
    expect((await signin(owner.email, owner.password, attacker)).status).toBe(429);
  });
});

describe("deleted accounts", () => {
  it("a write with the access token of a deleted account is a 401 and stores nothing", async () => {
    const { user, auth } = await createTestUser();
    const { db, close } = testDb();
    try {
      await db.delete(users).where(eq(users.id, user.id));
    } finally {
      await close();
    }
    const { res } = await upload(auth);
    expect(res.status).toBe(401);
    const listed = await env.IMAGES.list({ prefix: userPrefix(user.id) });
    expect(listed.objects).toHaveLength(0);
  });
});
