/**
 * /account's settings (issue 22, decision 086): change name, change password (needs the current one; ends
 * the other sessions), change email (the new address is proved before it replaces the old; the old one is
 * told), and what Google-only accounts get.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { refreshTokenFamilies, users } from "../../db/schema";
import { accessTokenFor, client, clientWith, createTestUser, env, errorBody, testDb, uniqueEmail } from "../test/helpers";
import { call, latestMail, refreshWith, sessionFor, setCookieValue, signUp, uniqueIp } from "../test/auth";
import { app } from "../app";

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() });
const changePassword = (token: string, body: { currentPassword: string; newPassword: string }) =>
  client.account.password.$post({ json: body }, { headers: headers(token) });
const changeEmail = (token: string, body: { newEmail: string; password?: string }) =>
  client.account.email.$post({ json: body }, { headers: headers(token) });
const signin = (email: string, password: string) =>
  client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });

/** A signed-up user whose address is verified (the mailed link, opened in the browser that signed up), with a current access token. */
async function verifiedUser() {
  const me = await signUp();
  await call((await latestMail(me.email))!.links[0]!, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
  return { ...me, accessToken: (await sessionFor(me.refresh))!.accessToken };
}

describe("PATCH /api/account/profile", () => {
  it("changes the name (trimmed; empty clears it) and answers the ApiUser", async () => {
    const { accessToken } = await verifiedUser();
    const res = await client.account.profile.$patch({ json: { firstName: "  Ada ", lastName: "" } }, { headers: headers(accessToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstName: "Ada", lastName: null });
    const me = await (await client.auth.user.$get({}, { headers: headers(accessToken) })).json();
    expect(me.firstName).toBe("Ada");
    const bad = await client.account.profile.$patch(
      { json: { firstName: "x".repeat(81), lastName: "" } },
      { headers: headers(accessToken) },
    );
    expect(bad.status).toBe(400);
  });

  it("keeps the account's language (issue 50): one of ours, else a 400 that names them; the name stays as it was", async () => {
    const { accessToken } = await verifiedUser();
    await client.account.profile.$patch({ json: { firstName: "Ada", lastName: "Lovelace" } }, { headers: headers(accessToken) });
    const res = await client.account.profile.$patch({ json: { locale: "de" } }, { headers: headers(accessToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ locale: "de", firstName: "Ada", lastName: "Lovelace" });
    const me = await (await client.auth.user.$get({}, { headers: headers(accessToken) })).json();
    expect(me.locale).toBe("de");

    const patch = (body: unknown) =>
      app.request(
        "/api/account/profile",
        { method: "PATCH", body: JSON.stringify(body), headers: { ...headers(accessToken), "Content-Type": "application/json" } },
        env,
      );
    const unknown = await patch({ locale: "pt" });
    expect(unknown.status).toBe(400);
    expect((await errorBody(unknown)).message).toBe("locale: must be one of en, de, fr, es, it");
    expect((await patch({ locale: "DE" })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    const after = await (await client.auth.user.$get({}, { headers: headers(accessToken) })).json();
    expect(after.locale).toBe("de");
  });
});

describe("an account's language at sign-up (issue 50)", () => {
  async function localeOf(email: string) {
    const { db, close } = testDb();
    try {
      return (await db.select({ locale: users.locale }).from(users).where(eq(users.email, email.toLowerCase())))[0]?.locale;
    } finally {
      await close();
    }
  }

  it("is the request's: the locale cookie first, else Accept-Language, else English (never the IP)", async () => {
    const byHeader = await signUp({ headers: { "Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5" } });
    expect(byHeader.user.locale).toBe("fr");
    expect(await localeOf(byHeader.email)).toBe("fr");
    const byCookie = await signUp({ headers: { "Accept-Language": "fr-FR", Cookie: "locale=it" } });
    expect(await localeOf(byCookie.email)).toBe("it");
    const neither = await signUp({ headers: { "Accept-Language": "ja-JP" } });
    expect(await localeOf(neither.email)).toBe("en");
  });
});

describe("POST /api/account/password", () => {
  it("needs the current password; then the new one works, the old does not, and only this browser stays signed in", async () => {
    const me = await verifiedUser();
    const elsewhere = setCookieValue(await signin(me.email, me.password), "hs_refresh")!;
    const wrong = await changePassword(me.accessToken, { currentPassword: "not it", newPassword: "a new password" });
    expect(wrong.status).toBe(403);
    expect((await errorBody(wrong)).message).toBe("That password is not correct.");

    const res = await changePassword(me.accessToken, { currentPassword: me.password, newPassword: "a new password" });
    expect(res.status).toBe(200);
    const { accessToken } = await res.json();
    const cookie = setCookieValue(res, "hs_refresh")!;
    expect((await signin(me.email, me.password)).status).toBe(401);
    expect((await signin(me.email, "a new password")).status).toBe(200);
    expect((await refreshWith(elsewhere)).status).toBe(401);
    expect((await refreshWith(me.refresh)).status).toBe(401);
    expect((await refreshWith(cookie)).status).toBe(200);
    // the old access token no longer writes; the new one does
    expect((await changePassword(me.accessToken, { currentPassword: "a new password", newPassword: "another one" })).status).toBe(401);
    expect((await changePassword(accessToken, { currentPassword: "wrong", newPassword: "another one" })).status).toBe(403);
  });

  it("refuses a new password that is too short (400) and answers 409 to an account without a password", async () => {
    const me = await verifiedUser();
    expect((await changePassword(me.accessToken, { currentPassword: me.password, newPassword: "12345" })).status).toBe(400);
    const google = await createTestUser(); // no password row: a Google-only account
    const res = await changePassword(google.token, { currentPassword: "anything", newPassword: "a new password" });
    expect(res.status).toBe(409);
    expect((await errorBody(res)).message).toMatch(/Set a password/);
  });
});

describe("POST /api/account/email", () => {
  it("mails the new address; only its link moves the account; the old address is told", async () => {
    const me = await verifiedUser();
    const next = uniqueEmail("moved");
    const res = await changeEmail(me.accessToken, { newEmail: next.toUpperCase(), password: me.password });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true, newEmail: next });
    // nothing changes until the new address proves itself
    expect((await signin(me.email, me.password)).status).toBe(200);
    const mail = await latestMail(next);
    expect(mail?.subject).toBe("Confirm your new email address for Headshot Studio");
    const done = await call(mail!.links[0]!);
    expect(done.headers.get("Location")).toBe("/account?email=changed");
    expect((await signin(next, me.password)).status).toBe(200);
    expect((await signin(me.email, me.password)).status).toBe(401);
    const told = await latestMail(me.email);
    expect(told?.subject).toBe("Your Headshot Studio email address was changed");
    expect(told?.text).toContain(next);
    // the link works once
    expect((await call(mail!.links[0]!)).headers.get("Location")).toBe("/auth?error=verification_invalid");
  });

  it("needs the password, a verified address and a free new address", async () => {
    const me = await verifiedUser();
    expect((await changeEmail(me.accessToken, { newEmail: uniqueEmail() })).status).toBe(403);
    expect((await changeEmail(me.accessToken, { newEmail: uniqueEmail(), password: "wrong" })).status).toBe(403);
    expect((await changeEmail(me.accessToken, { newEmail: me.email, password: me.password })).status).toBe(400);
    const other = await signUp();
    const taken = await changeEmail(me.accessToken, { newEmail: other.email, password: me.password });
    expect(taken.status).toBe(409);
    const unverified = await signUp();
    expect((await changeEmail(unverified.accessToken, { newEmail: uniqueEmail(), password: unverified.password })).status).toBe(403);
  });

  it("a Google-only account confirms with a recent Google sign-in instead of a password", async () => {
    const google = await createTestUser();
    const res = await changeEmail(google.token, { newEmail: uniqueEmail() });
    expect(res.status).toBe(403);
    expect((await errorBody(res)).message).toBe(
      "For your security, please sign in with Google again, then change your email address within 10 minutes.",
    );
    const { db, close } = testDb();
    let session: string;
    try {
      [{ id: session }] = (await db
        .insert(refreshTokenFamilies)
        .values({ userId: google.user.id, currentTokenHash: "x", authMethod: "google", expiresAt: new Date(Date.now() + 864e5) })
        .returning({ id: refreshTokenFamilies.id })) as [{ id: string }];
    } finally {
      await close();
    }
    // a Google sign-in of another session does not confirm; one of the calling session does (issue 35)
    expect((await changeEmail(google.token, { newEmail: uniqueEmail() })).status).toBe(403);
    expect((await changeEmail(await accessTokenFor(google.user, session), { newEmail: uniqueEmail() })).status).toBe(202);
  });

  it("moving onto the operator's address ends the password and sessions from before (operator rights need credentials set after)", async () => {
    const me = await verifiedUser();
    const operator = uniqueEmail("operator");
    const asOperator = { ...env, OPERATOR_EMAIL: operator } as Env;
    /** The mailed link, opened as it stands. */
    const worker = (path: string, init: RequestInit = {}) =>
      app.request(new URL(path, "http://app.test").toString(), { redirect: "manual", ...init }, asOperator);
    const operatorClient = clientWith(asOperator, { redirect: "manual" });
    expect(
      (
        await operatorClient.account.email.$post(
          { json: { newEmail: operator, password: me.password } },
          { headers: headers(me.accessToken) },
        )
      ).status,
    ).toBe(202);
    const done = await worker((await latestMail(operator))!.links[0]!, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
    expect(done.headers.get("Location")).toMatch(/^\/auth\/reset\?token=/);
    expect((await refreshWith(me.refresh)).status).toBe(401);
    expect((await operatorClient.admin.stats.$get({}, { headers: headers(me.accessToken) })).status).toBe(403);
    const { db, close } = testDb();
    try {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, me.user.id));
      expect(row!.email).toBe(operator);
    } finally {
      await close();
    }
  });
});

describe("GET /api/account", () => {
  it("says how the person signs in", async () => {
    const me = await verifiedUser();
    expect(await (await client.account.$get({}, { headers: headers(me.accessToken) })).json()).toEqual({
      hasPassword: true,
      google: false,
    });
    const google = await createTestUser();
    expect(await (await client.account.$get({}, { headers: google.auth })).json()).toEqual({ hasPassword: false, google: false });
  });
});
