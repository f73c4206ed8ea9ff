/**
 * The outside audit's account-recovery findings (issue 35), as the sequences it ran:
 * - recovery (a password reset or change, the first proof of the address) retires every pending mailed
 *   link of the account, email-change links included, and the account's address is told;
 * - what a squatter set up before the first proof (their team, the profile name) is cleared by it;
 * - access tokens from before a password change no longer read personal data;
 * - a Google-only account's re-confirmation is a Google sign-in of the calling session.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { refreshTokenFamilies, teams, users } from "../../db/schema";
import { client, errorBody, testDb, uniqueEmail } from "../test/helpers";
import { call, googleSignIn, latestMail, sessionFor, setCookieValue, signUp, uniqueIp } from "../test/auth";

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() });
const signin = async (email: string, password: string) => {
  const res = await client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
  return { status: res.status, refresh: setCookieValue(res, "hs_refresh"), body: res.status === 200 ? await res.json() : null };
};
const changeEmail = (token: string, body: { newEmail: string; password?: string }) =>
  client.account.email.$post({ json: body }, { headers: headers(token) });

/** A signed-up user whose address is verified (the link opened in the browser that signed up). */
async function verifiedUser() {
  const me = await signUp();
  await call((await latestMail(me.email))!.links[0]!, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
  return { ...me, accessToken: (await sessionFor(me.refresh))!.accessToken };
}

/** The attacker knows the password once: signs in and asks to move the account to their own address. */
async function attackerAsksEmailChange(owner: { email: string; password: string }) {
  const attacker = await signin(owner.email, owner.password);
  expect(attacker.status).toBe(200);
  const attackerEmail = uniqueEmail("attacker");
  expect((await changeEmail(attacker.body!.accessToken, { newEmail: attackerEmail, password: owner.password })).status).toBe(202);
  const link = (await latestMail(attackerEmail))!.links[0]!;
  return { attackerEmail, link };
}

async function resetPasswordByMail(email: string, password: string) {
  const asked = await client.auth["forgot-password"].$post({ json: { email } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
  expect(asked.status).toBe(202);
  const link = new URL((await latestMail(email))!.links[0]!);
  const res = await client.auth["reset-password"].$post(
    { json: { token: link.searchParams.get("token")!, password } },
    { headers: { "CF-Connecting-IP": uniqueIp() } },
  );
  expect(res.status).toBe(200);
}

/** The verification link opened away from the sign-up's browser: /auth/verify, where the owner chooses a new password (decision 325). */
async function proveOnAnotherDevice(verifyLink: string, password: string) {
  const asked = await call(verifyLink);
  const token = new URL(asked.headers.get("Location")!, "http://app.test").searchParams.get("token")!;
  const res = await client.auth.verify["new-password"].$post(
    { json: { token, password } },
    { headers: { "CF-Connecting-IP": uniqueIp() } },
  );
  expect(res.status).toBe(200);
}

async function addressOf(userId: string) {
  const { db, close } = testDb();
  try {
    return (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
  } finally {
    await close();
  }
}

describe("recovery retires every pending mailed link (audit: account recovery did not recover)", () => {
  it("the owner resets the password: the attacker's email-change link no longer moves the account, and the address is told", async () => {
    const owner = await verifiedUser();
    const { attackerEmail, link } = await attackerAsksEmailChange(owner);
    await resetPasswordByMail(owner.email, "the owners new password");

    const told = await latestMail(owner.email);
    expect(told?.subject).toBe("Your Headshot Studio password was changed");
    expect(told?.text).toContain(attackerEmail);

    const opened = await call(link);
    expect(opened.headers.get("Location")).toBe("/auth?error=verification_invalid");
    expect(await addressOf(owner.user.id)).toBe(owner.email);
    expect((await signin(owner.email, "the owners new password")).status).toBe(200);
    expect((await signin(attackerEmail, "the owners new password")).status).toBe(401);
  });

  it("the owner changes the password: the attacker's email-change link no longer moves the account, and the address is told", async () => {
    const owner = await verifiedUser();
    const { attackerEmail, link } = await attackerAsksEmailChange(owner);
    const changed = await client.account.password.$post(
      { json: { currentPassword: owner.password, newPassword: "the owners new password" } },
      { headers: headers(owner.accessToken) },
    );
    expect(changed.status).toBe(200);

    const told = await latestMail(owner.email);
    expect(told?.subject).toBe("Your Headshot Studio password was changed");
    expect(told?.text).toContain(attackerEmail);

    expect((await call(link)).headers.get("Location")).toBe("/auth?error=verification_invalid");
    expect(await addressOf(owner.user.id)).toBe(owner.email);
  });

  it("the first proof of the address retires the links mailed before it (an earlier reset link stops working)", async () => {
    const squatter = await signUp();
    const asked = await client.auth["forgot-password"].$post(
      { json: { email: squatter.email } },
      { headers: { "CF-Connecting-IP": uniqueIp() } },
    );
    expect(asked.status).toBe(202);
    const resetLink = new URL((await latestMail(squatter.email))!.links[0]!);
    const verifyLink = (await client.dev.mailbox.$get({ query: { to: squatter.email } }).then((r) => r.json())).messages.find((m) =>
      m.subject.startsWith("Verify"),
    )!.links[0]!;
    await proveOnAnotherDevice(verifyLink, "the owners own password");
    const res = await client.auth["reset-password"].$post(
      { json: { token: resetLink.searchParams.get("token")!, password: "someone elses password" } },
      { headers: { "CF-Connecting-IP": uniqueIp() } },
    );
    expect(res.status).toBe(400);
  });
});

describe("the first proof clears what a squatter set up", () => {
  it("the squatter's team and profile name are gone once the owner proves the address", async () => {
    const squatter = await signUp();
    expect(
      (
        await client.account.profile.$patch(
          { json: { firstName: "Mallory", lastName: "Squat" } },
          { headers: headers(squatter.accessToken) },
        )
      ).status,
    ).toBe(200);
    expect((await client.team.$post({ json: { name: "Squatters Inc" } }, { headers: headers(squatter.accessToken) })).status).toBe(201);

    // the owner opens the verification link in their own browser, and chooses a password of their own
    await proveOnAnotherDevice((await latestMail(squatter.email))!.links[0]!, "the owners own password");

    const { db, close } = testDb();
    try {
      const [u] = await db.select().from(users).where(eq(users.id, squatter.user.id));
      expect(u).toMatchObject({ firstName: null, lastName: null });
      expect(await db.select().from(teams).where(eq(teams.ownerUserId, squatter.user.id))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("access tokens from before a password change", () => {
  it("no longer read /api/account, /api/auth/user or the invoices", async () => {
    const me = await verifiedUser();
    const before = me.accessToken;
    expect((await client.account.$get({}, { headers: headers(before) })).status).toBe(200);
    const changed = await client.account.password.$post(
      { json: { currentPassword: me.password, newPassword: "a brand new password" } },
      { headers: headers(me.accessToken) },
    );
    const { accessToken: after } = await changed.json();

    for (const token of [before]) {
      expect((await client.account.$get({}, { headers: headers(token) })).status).toBe(401);
      expect((await client.auth.user.$get({}, { headers: headers(token) })).status).toBe(401);
      expect((await client.stripe.invoices.$get({}, { headers: headers(token) })).status).toBe(401);
    }
    expect((await client.account.$get({}, { headers: headers(after) })).status).toBe(200);
    expect((await client.auth.user.$get({}, { headers: headers(after) })).status).toBe(200);
    expect((await client.stripe.invoices.$get({}, { headers: headers(after) })).status).toBe(200);
  });
});

describe("a Google-only account's re-confirmation", () => {
  it("is a recent Google sign-in of the calling session, not of any session of the user", async () => {
    const email = uniqueEmail("google");
    const old = await googleSignIn(email);
    const oldSession = (await sessionFor(old.refresh!))!;
    // the old session's Google sign-in is long ago
    const { db, close } = testDb();
    try {
      await db
        .update(refreshTokenFamilies)
        .set({ authenticatedAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(refreshTokenFamilies.id, old.refresh!.split(".")[0]!));
    } finally {
      await close();
    }
    // the owner signs in with Google elsewhere
    const fresh = await googleSignIn(email);
    const freshSession = (await sessionFor(fresh.refresh!))!;

    const stolen = await changeEmail(oldSession.accessToken, { newEmail: uniqueEmail("thief") });
    expect(stolen.status).toBe(403);
    expect((await errorBody(stolen)).message).toMatch(/sign in with Google again/);
    const stolenDelete = await client.account.delete.$post({ json: {} }, { headers: headers(oldSession.accessToken) });
    expect(stolenDelete.status).toBe(403);

    expect((await changeEmail(freshSession.accessToken, { newEmail: uniqueEmail("moved") })).status).toBe(202);
  });
});
