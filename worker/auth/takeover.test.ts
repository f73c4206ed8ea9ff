/**
 * Pre-registration takeover (issue 22, decision 085): anyone can sign up with someone else's address and
 * a password of their own. The first proof of control of the address — the verification link, a Google
 * sign-in or a password reset — ends every session and password set before it by someone who had not
 * proved it; operator rights need credentials set after the proof.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwordCredentials } from "../../db/schema";
import { app } from "../app";
import { client, clientWith, env, testDb, uniqueEmail } from "../test/helpers";
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
  client.auth["resend-verification"].$post({}, { headers: { ...bearer(token), "CF-Connecting-IP": uniqueIp() } });

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

describe("the verification link, opened by the address's owner", () => {
  it("in another browser (no session of the sign-up): the squatter's password, sessions and access token stop working", async () => {
    const squatter = await signUp();
    const link = (await latestMail(squatter.email))!.links[0]!;
    const res = await worker.open(link); // the owner's browser carries no cookie of this account
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/auth\/reset\?token=[\w-]+&verified=1$/);

    expect((await refreshWith(squatter.refresh)).status).toBe(401);
    expect(await sessionFor(squatter.refresh)).toBeNull();
    expect((await signin(squatter.email, squatter.password)).status).toBe(401);
    expect(await passwordCount(squatter.user.id)).toBe(0);
    expect((await write(squatter.accessToken)).status).toBe(401);

    // the owner chooses a password and signs in: the address is verified
    await choosePassword(location, "the owners own password");
    const owner = await signin(squatter.email, "the owners own password");
    expect(owner.status).toBe(200);
    expect((await owner.json()).user.emailVerified).toBe(true);
  });

  it("in the browser that signed up: that session and the password stay, every other session ends", async () => {
    const me = await signUp();
    const elsewhere = setCookieValue(await signin(me.email, me.password), "hs_refresh")!;
    const link = (await latestMail(me.email))!.links[0]!;
    const res = await worker.open(link, { headers: { Cookie: `hs_refresh=${me.refresh}` } });
    expect(res.headers.get("Location")).toBe("/dashboard?verified=1");
    expect((await refreshWith(me.refresh)).status).toBe(200);
    expect((await signin(me.email, me.password)).status).toBe(200);
    expect((await refreshWith(elsewhere)).status).toBe(401);
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
    const res = await asOperator.open((await latestMail(email))!.links[0]!);
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
