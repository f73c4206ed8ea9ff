/**
 * Forgot password (issue 22, decision 086): a link by email, single use, expiring within the hour, rate
 * limited, the same answer whether or not the address has an account; resetting ends every session.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { emailVerifications } from "../../db/schema";
import { client, errorBody, inOneWindow, testDb, uniqueEmail } from "../test/helpers";
import { AUTH_LIMITS } from "./limits";
import { latestMail, refreshWith, signUp, uniqueIp } from "../test/auth";
import { RESET_LINK_UNUSABLE } from "./routes";

const forgot = (email: string, ip = uniqueIp()) =>
  client.auth["forgot-password"].$post({ json: { email } }, { headers: { "CF-Connecting-IP": ip } });
const reset = (token: string, password: string) =>
  client.auth["reset-password"].$post({ json: { token, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
const signin = (email: string, password: string) =>
  client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function resetLink(email: string) {
  expect((await forgot(email)).status).toBe(202);
  const mail = await latestMail(email);
  expect(mail?.subject).toBe("Reset your Headshot Studio password");
  return mail!.links[0]!;
}

describe("POST /api/auth/forgot-password and /reset-password", () => {
  it("mails a link to the reset page; the new password works, the old one does not, and every session ends", async () => {
    const me = await signUp();
    const link = await resetLink(me.email);
    expect(link).toMatch(/^http:\/\/app\.test\/auth\/reset\?token=[\w-]+$/);
    const res = await reset(tokenOf(link), "a brand new password");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reset: true });
    expect((await signin(me.email, me.password)).status).toBe(401);
    expect((await signin(me.email, "a brand new password")).status).toBe(200);
    expect((await refreshWith(me.refresh)).status).toBe(401);
  });

  it("answers the same for an address without an account, and mails nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const res = await forgot(nobody);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true });
    const me = await signUp();
    const mine = await forgot(me.email);
    expect(await mine.json()).toEqual({ sent: true });
    expect(await latestMail(nobody)).toBeUndefined();
  });

  it("is single use, and a newer reset leaves the older links unusable", async () => {
    const me = await signUp();
    const first = await resetLink(me.email);
    const second = await resetLink(me.email);
    expect((await reset(tokenOf(second), "first new password")).status).toBe(200);
    const again = await reset(tokenOf(second), "second new password");
    expect(again.status).toBe(400);
    expect((await errorBody(again)).message).toBe(RESET_LINK_UNUSABLE("en"));
    expect((await reset(tokenOf(first), "third new password")).status).toBe(400);
    expect((await signin(me.email, "first new password")).status).toBe(200);
  });

  it("expires within an hour", async () => {
    const me = await signUp();
    const link = await resetLink(me.email);
    const { db, close } = testDb();
    try {
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(and(eq(emailVerifications.userId, me.user.id), eq(emailVerifications.purpose, "reset")));
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3600e3 + 1000);
      await db
        .update(emailVerifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerifications.userId, me.user.id));
    } finally {
      await close();
    }
    expect((await reset(tokenOf(link), "too late password")).status).toBe(400);
    expect((await signin(me.email, me.password)).status).toBe(200);
  });

  it("a verification link cannot be used as a reset link, and bad input is a 400", async () => {
    const me = await signUp();
    const verify = (await latestMail(me.email))!.links[0]!;
    expect((await reset(tokenOf(verify), "sneaky password")).status).toBe(400);
    expect((await reset("nope", "12345")).status).toBe(400); // too short
    expect((await forgot("not-an-email")).status).toBe(400);
  });

  it("is rate limited per address asked for: the 4th within 15 minutes is 429, whether or not it has an account", async () => {
    await inOneWindow(AUTH_LIMITS.reset.email.windowSeconds);
    for (const email of [(await signUp()).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(202);
      const res = await forgot(email);
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
  });

  it("is rate limited per client address: the 11th within an hour is 429", async () => {
    await inOneWindow(AUTH_LIMITS.reset.ip.windowSeconds);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail("many"), ip)).status).toBe(202);
    expect((await forgot(uniqueEmail("many"), ip)).status).toBe(429);
  });
});
