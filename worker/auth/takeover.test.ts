/**
 * Pre-registration takeover (issue 22, decision 085): anyone can sign up with someone else's address and
 * a password of their own. The first proof of control of the address — the verification link, a Google
 * sign-in or a password reset — ends every session and password set before it by someone who had not
 * proved it; operator rights need credentials set after the proof.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwordCredentials, users } from "../../db/schema";
import { app } from "../app";
import { client, clientWith, env, errorBody, testDb, uniqueEmail } from "../test/helpers";
import { AUTH_LIMITS } from "./limits";
import { NOT_THE_SIGNUP_PASSWORD } from "./routes";
import { latestMail, refreshWith, sessionFor, setCookieValue, signUp, uniqueIp } from "../test/auth";

/**
 * The worker with some bindings changed (the operator's address, per test): the typed client, and `open` for
 * a mailed link opened as it stands (raw, with its query).
 */
const workerWith = (overrides: Partial<Env>) => {
  const testEnv = { ...env, ...overrides } as Env;
  return {
    client: clientWith(testEnv, { redirect: "manual" }),
    open: (link: string, init: RequestInit = {}) =>
      app.request(new URL(link, "http://app.test").toString(), { redirect: "manual", ...init }, testEnv),
  };
};
type Worker = ReturnType<typeof workerWith>;
const worker = workerWith({});

const signin = (email: string, password: string, w = worker) =>
  w.client.auth.signin.$post({ json: { email, password } }, { headers: { "CF-Connecting-IP": uniqueIp() } });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A write any signed-in user may make: asking for another verification mail. */
const write = (token: string) =>
  client.auth["resend-verification"].$post({ json: {} }, { headers: { ...bearer(token), "CF-Connecting-IP": uniqueIp() } });

async function passwordCount(userId: string) {
  const { db, close } = testDb();
  try {
    return (await db.select().from(passwordCredentials).where(eq(passwordCredentials.userId, userId))).length;
  } finally {
    await close();
  }
}

/** Follows the redirect the verification link answered: `/auth/reset?token=…` lets the owner choose a password. */
async function choosePassword(location: string, password: string, w = worker) {
  const url = new URL(location, "http://app.test");
  expect(url.pathname).toBe("/auth/reset");
  const res = await w.client.auth["reset-password"].$post(
    { json: { token: url.searchParams.get("token")!, password } },
    { headers: { "CF-Connecting-IP": uniqueIp() } },
  );
  expect(res.status).toBe(200);
}

/** The redirect a verification link answered away from the browser that signed up: /auth/verify asks who opened it. */
function askedWhoOpenedIt(res: Response): string {
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get("Location")!, "http://app.test");
  expect(url.pathname).toBe("/auth/verify");
  return url.searchParams.get("token")!;
}
const ip = () => ({ headers: { "CF-Connecting-IP": uniqueIp() } });
const confirm = (token: string, password: string, w = worker) => w.client.auth.verify.confirm.$post({ json: { token, password } }, ip());
const newPassword = (token: string, password: string, w = worker) =>
  w.client.auth.verify["new-password"].$post({ json: { token, password } }, ip());
async function verifiedFlag(userId: string) {
  const { db, close } = testDb();
  try {
    return (await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)))[0]!.at !== null;
  } finally {
    await close();
  }
}

describe("the verification link, opened on another device (issue 46, decision 325)", () => {
  it("asks first and changes nothing: the link is not used, the password and the sign-up's session still work", async () => {
    const me = await signUp();
    const token = askedWhoOpenedIt(await worker.open((await latestMail(me.email))!.links[0]!));
    expect(await verifiedFlag(me.user.id)).toBe(false);
    expect((await refreshWith(me.refresh)).status).toBe(200);
    expect((await signin(me.email, me.password)).status).toBe(200);
    // opened again (a mail scanner first, the person next): it still asks
    expect(askedWhoOpenedIt(await worker.open((await latestMail(me.email))!.links[0]!))).toBe(token);
  });

  it("the sign-up password confirmed on the phone: verified, the laptop stays signed in, the phone is signed in too", async () => {
    const laptop = await signUp();
    const token = askedWhoOpenedIt(await worker.open((await latestMail(laptop.email))!.links[0]!));
    const wrong = await confirm(token, "not the password");
    expect(wrong.status).toBe(401);
    expect((await errorBody(wrong)).message).toBe(NOT_THE_SIGNUP_PASSWORD("en"));
    expect(await verifiedFlag(laptop.user.id)).toBe(false); // a wrong guess changes nothing

    const phone = await confirm(token, laptop.password);
    expect(phone.status).toBe(200);
    const body = await phone.json();
    expect(body.user.emailVerified).toBe(true);
    const phoneRefresh = setCookieValue(phone, "hs_refresh")!;
    expect((await sessionFor(phoneRefresh))!.user.id).toBe(laptop.user.id);

    // the laptop: its session goes on (a fresh access token writes), the password it chose still signs in
    const refreshed = await refreshWith(laptop.refresh);
    expect(refreshed.status).toBe(200);
    const { accessToken } = await refreshed.json();
    expect((await write(accessToken)).status).toBe(409); // "already verified": the write reached the route
    expect((await signin(laptop.email, laptop.password)).status).toBe(200);
    expect(await passwordCount(laptop.user.id)).toBe(1);
    // the link is used
    expect((await confirm(token, laptop.password)).status).toBe(400);
  });

  it("a squatter's address: the owner, who does not know that password, chooses a new one; the squatter is out", async () => {
    const squatter = await signUp();
    const token = askedWhoOpenedIt(await worker.open((await latestMail(squatter.email))!.links[0]!));
    const owner = await newPassword(token, "the owners own password");
    expect(owner.status).toBe(200);
    expect((await owner.json()).user.emailVerified).toBe(true);
    expect(await sessionFor(setCookieValue(owner, "hs_refresh")!)).not.toBeNull(); // the owner's device is signed in

    expect((await refreshWith(squatter.refresh)).status).toBe(401);
    expect(await sessionFor(squatter.refresh)).toBeNull();
    expect((await signin(squatter.email, squatter.password)).status).toBe(401);
    expect((await write(squatter.accessToken)).status).toBe(401);
    expect((await signin(squatter.email, "the owners own password")).status).toBe(200);
    // the link is used: neither way works again
    expect((await newPassword(token, "another password here")).status).toBe(400);
    expect((await confirm(token, squatter.password)).status).toBe(400);
  });

  it("guessing the password is bounded like sign-in: after 10 wrong ones from one client, even the right one waits (429)", async () => {
    const me = await signUp();
    const token = askedWhoOpenedIt(await worker.open((await latestMail(me.email))!.links[0]!));
    const from = { headers: { "CF-Connecting-IP": uniqueIp() } };
    const guess = (password: string) => worker.client.auth.verify.confirm.$post({ json: { token, password } }, from);
    for (let i = 0; i < AUTH_LIMITS.signin.failures.limit; i++) expect((await guess(`guess ${i}`)).status).toBe(401);
    expect((await guess(me.password)).status).toBe(429);
    expect(await verifiedFlag(me.user.id)).toBe(false);
    expect((await confirm(token, me.password)).status).toBe(200); // the owner, from another client, is not refused
  });

  it("a new password must be a valid one, and an unknown link is refused without changing anything", async () => {
    const me = await signUp();
    const token = askedWhoOpenedIt(await worker.open((await latestMail(me.email))!.links[0]!));
    expect((await newPassword(token, "short")).status).toBe(400);
    expect((await newPassword("not-a-token", "a long enough password")).status).toBe(400);
    expect((await confirm("not-a-token", me.password)).status).toBe(400);
    expect(await verifiedFlag(me.user.id)).toBe(false);
    expect((await refreshWith(me.refresh)).status).toBe(200);
  });
});

describe("the verification link, opened in a browser signed in to the account", () => {
  it("in the browser that signed up: the password and every session stay", async () => {
    const me = await signUp();
    const elsewhere = setCookieValue(await signin(me.email, me.password), "hs_refresh")!;
    const link = (await latestMail(me.email))!.links[0]!;
    const res = await worker.open(link, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
    expect(res.headers.get("Location")).toBe("/dashboard?verified=1");
    expect((await refreshWith(me.refresh)).status).toBe(200);
    expect((await signin(me.email, me.password)).status).toBe(200);
    // the other session knew the same password (the only way in before the proof): it goes on too
    expect((await refreshWith(elsewhere)).status).toBe(200);
  });
});

describe("a Google sign-in or a password reset as the first proof", () => {
  it("a password reset ends the squatter's password and sessions, and verifies the address", async () => {
    const squatter = await signUp();
    const asked = await client.auth["forgot-password"].$post(
      { json: { email: squatter.email } },
      { headers: { "CF-Connecting-IP": uniqueIp() } },
    );
    expect(asked.status).toBe(202);
    const link = (await latestMail(squatter.email))!.links[0]!;
    expect(link).toMatch(/^http:\/\/app\.test\/auth\/reset\?token=/);
    await choosePassword(link, "the owners own password");
    expect((await refreshWith(squatter.refresh)).status).toBe(401);
    expect((await signin(squatter.email, squatter.password)).status).toBe(401);
    expect((await write(squatter.accessToken)).status).toBe(401);
    const owner = await signin(squatter.email, "the owners own password");
    expect((await owner.json()).user.emailVerified).toBe(true);
  });
});

describe("the operator's address", () => {
  const admin = (w: Worker, token: string) => w.client.admin.stats.$get({}, { headers: bearer(token) });

  it("signed up by a squatter: the owner's verification gives the squatter nothing, the owner's new password reaches /admin", async () => {
    const email = uniqueEmail("operator");
    const asOperator = workerWith({ OPERATOR_EMAIL: email });
    const squatter = await signUp({ email });
    const mailed = (await latestMail(email))!.links[0]!;
    // knowing the sign-up password is never enough here: the operator's address chooses its password after the proof
    expect((await confirm(new URL(mailed).searchParams.get("token")!, squatter.password, asOperator)).status).toBe(409);
    const res = await asOperator.open(mailed);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/auth\/reset\?token=/);

    expect((await admin(asOperator, squatter.accessToken)).status).toBe(403);
    expect((await refreshWith(squatter.refresh)).status).toBe(401);
    expect((await signin(email, squatter.password, asOperator)).status).toBe(401);

    await choosePassword(location, "operators own password", asOperator);
    const owner = await signin(email, "operators own password", asOperator);
    const { accessToken, user } = await owner.json();
    expect(user.isOperator).toBe(true);
    expect((await admin(asOperator, accessToken)).status).toBe(200);
  });

  it("even in the browser that signed up, credentials from before the proof never grant /admin", async () => {
    const email = uniqueEmail("operator");
    const asOperator = workerWith({ OPERATOR_EMAIL: email });
    const me = await signUp({ email });
    const res = await asOperator.open((await latestMail(email))!.links[0]!, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/auth\/reset\?token=[\w-]+&verified=operator$/); // the page says why (issue 35)
    expect((await admin(asOperator, me.accessToken)).status).toBe(403);
    expect((await refreshWith(me.refresh)).status).toBe(401);
    expect((await signin(email, me.password, asOperator)).status).toBe(401);

    await choosePassword(location, "operators own password", asOperator);
    const { accessToken } = await (await signin(email, "operators own password", asOperator)).json();
    expect((await admin(asOperator, accessToken)).status).toBe(200);
  });
});
