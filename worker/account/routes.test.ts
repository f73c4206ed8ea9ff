import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { credits, emailVerifications, headshots, passwordCredentials, refreshTokenFamilies, users } from "../../db/schema";
import { accessTokenFor, api, client, createTestUser, env, errorBody, testDb } from "../test/helpers";
import { json, refreshWith, setCookieLine, signUp, uniqueIp } from "../test/auth";
import { originalKey, resultKey, userPrefix } from "../storage/keys";

const del = (token: string, body: { password?: string }) =>
  client.account.delete.$post({ json: body }, { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() } });

async function seedHeadshot(userId: string) {
  const { db, close } = testDb();
  try {
    const id = crypto.randomUUID();
    await db.insert(headshots).values({
      id,
      userId,
      style: "LinkedIn",
      originalKey: originalKey(userId, id),
      originalMime: "image/png",
      encryptionKeyId: "t1",
    });
    await env.IMAGES.put(originalKey(userId, id), "original");
    await env.IMAGES.put(resultKey(userId, id), "result");
    return id;
  } finally {
    await close();
  }
}

async function countRows(userId: string) {
  const { db, close } = testDb();
  try {
    return {
      users: (await db.select().from(users).where(eq(users.id, userId))).length,
      credits: (await db.select().from(credits).where(eq(credits.userId, userId))).length,
      headshots: (await db.select().from(headshots).where(eq(headshots.userId, userId))).length,
      passwords: (await db.select().from(passwordCredentials).where(eq(passwordCredentials.userId, userId))).length,
      sessions: (await db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId))).length,
      verifications: (await db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId))).length,
    };
  } finally {
    await close();
  }
}

describe("POST /api/account/delete", () => {
  it("with the password: deletes the user, every row they own and every stored object, ends sessions, clears the cookie", async () => {
    const { user, accessToken, password, refresh } = await signUp();
    await seedHeadshot(user.id);
    await seedHeadshot(user.id);
    const other = await createTestUser();
    const othersHeadshot = await seedHeadshot(other.user.id);
    expect((await env.IMAGES.list({ prefix: userPrefix(user.id) })).objects).toHaveLength(4);
    expect(await countRows(user.id)).toMatchObject({ users: 1, credits: 1, headshots: 2, passwords: 1, sessions: 1, verifications: 1 });

    const res = await del(accessToken, { password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(setCookieLine(res, "hs_refresh")).toMatch(/^hs_refresh=;.*Max-Age=0.*Path=\/api\/auth/);

    expect(await countRows(user.id)).toEqual({ users: 0, credits: 0, headshots: 0, passwords: 0, sessions: 0, verifications: 0 });
    expect((await env.IMAGES.list({ prefix: userPrefix(user.id) })).objects).toHaveLength(0);
    expect((await refreshWith(refresh)).status).toBe(401);
    expect((await client.auth.user.$get({}, { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(401);
    // nobody else's data is touched
    expect(await env.IMAGES.get(originalKey(other.user.id, othersHeadshot))).not.toBeNull();
    expect((await countRows(other.user.id)).headshots).toBe(1);
  });

  it("refuses a wrong or missing password with 403 and deletes nothing", async () => {
    const { user, accessToken } = await signUp();
    await seedHeadshot(user.id);
    const wrong = await del(accessToken, { password: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect((await errorBody(wrong)).message).toMatch(/password/);
    expect((await del(accessToken, {})).status).toBe(403);
    expect((await countRows(user.id)).users).toBe(1);
    expect((await env.IMAGES.list({ prefix: userPrefix(user.id) })).objects).toHaveLength(2);
  });

  it("401 without a token; 400 for a malformed body", async () => {
    expect((await client.account.delete.$post({ json: { password: "x" } })).status).toBe(401);
    const { accessToken } = await signUp();
    // raw: a body the contract refuses
    expect(
      (await api("/api/account/delete", json({ password: 42 }, { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp() })))
        .status,
    ).toBe(400);
  });

  it("without a password: needs a Google sign-in within the last 10 minutes", async () => {
    const { user, auth, token } = await createTestUser(); // no password, as a Google-only account
    expect((await del(token, {})).status).toBe(403);
    const { db, close } = testDb();
    try {
      // an old Google sign-in is not enough
      await db.insert(refreshTokenFamilies).values({
        userId: user.id,
        currentTokenHash: crypto.randomUUID(),
        authMethod: "google",
        authenticatedAt: new Date(Date.now() - 11 * 60_000),
        expiresAt: new Date(Date.now() + 864e5),
      });
      expect((await del(token, {})).status).toBe(403);
      const [recent] = await db
        .insert(refreshTokenFamilies)
        .values({
          userId: user.id,
          currentTokenHash: crypto.randomUUID(),
          authMethod: "google",
          authenticatedAt: new Date(Date.now() - 60_000),
          expiresAt: new Date(Date.now() + 864e5),
        })
        .returning();
      // the recent sign-in is another session's: not this one's confirmation (issue 35)
      expect((await del(token, {})).status).toBe(403);
      auth.Authorization = `Bearer ${await accessTokenFor(user, recent!.id)}`;
    } finally {
      await close();
    }
    const res = await client.account.delete.$post({ json: {} }, { headers: auth });
    expect(res.status).toBe(200);
    expect((await countRows(user.id)).users).toBe(0);
  });
});
