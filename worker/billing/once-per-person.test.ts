/**
 * The outside audit's money-back sequences (issue 35, decision 176): the 30-day guarantee is once per
 * person (and once per team owner), whatever was deleted in between, and the free generations once per
 * address. Against the local Stripe, like flows.test.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addressBenefits, credits, refunds } from "../../db/schema";
import { client, env, errorBody, uniqueEmail } from "../test/helpers";
import { withDb } from "../test/teams";
import { call, latestMail, signUp, uniqueIp } from "../test/auth";
import { subscriber, teamOwner } from "../test/billing";
import { getConfig } from "../config";
import { deleteUser } from "../account/delete-user";
import { claimMoneyBack, moneyBackUsed, releaseMoneyBack } from "../lib";

const ONCE = /once per person/;

describe("the money-back guarantee, once per person", () => {
  it("a team owner: refund → close the team → a new team → pay → the second refund is refused", async () => {
    const owner = await teamOwner(2);
    expect((await client.team.refund.$post({}, { headers: owner.auth })).status).toBe(200);
    expect((await client.team.$delete({}, { headers: owner.auth })).status).toBe(200);
    await teamOwner(2, owner);
    const eligibility = await (await client.team["refund-eligibility"].$get({}, { headers: owner.auth })).json();
    expect(eligibility).toMatchObject({ eligible: false, reason: expect.stringMatching(ONCE) });
    const again = await client.team.refund.$post({}, { headers: owner.auth });
    expect(again.status).toBe(400);
    expect((await errorBody(again)).message).toMatch(ONCE);
    expect(await withDb((db) => db.select().from(refunds).where(eq(refunds.userId, owner.user.id)))).toHaveLength(1);
  });

  it("a person: refund → delete the account → the same address again → pay → the second refund is refused", async () => {
    const first = await subscriber("monthly");
    expect((await client.stripe.refund.$post({}, { headers: first.auth })).status).toBe(200);
    await withDb((db) => deleteUser(db, getConfig(env), env.IMAGES, first.user.id));
    // the table keeps a keyed hash, never the address
    const stored = await withDb((db) => db.select().from(addressBenefits));
    expect(JSON.stringify(stored)).not.toContain(first.user.email);

    const second = await subscriber("monthly", { email: first.user.email });
    const again = await client.stripe.refund.$post({}, { headers: second.auth });
    expect(again.status).toBe(400);
    expect((await errorBody(again)).message).toMatch(ONCE);
  });
});

describe("the free generations, once per address", () => {
  /** Signs up with a password and opens the verification link: the free generations granted. */
  async function verifiedSignUp(email: string) {
    const me = await signUp({ email });
    expect((await call((await latestMail(email))!.links[0]!, { headers: { Cookie: `hs_refresh=${me.refresh}` } })).status).toBe(302);
    const [row] = await withDb((db) => db.select().from(credits).where(eq(credits.userId, me.user.id)));
    return { ...me, granted: row!.granted };
  }

  it("deleting the account and signing up again with the same address (or a +tag of it) grants none", async () => {
    const email = uniqueEmail("free");
    const first = await verifiedSignUp(email);
    expect(first.granted).toBe(2);
    const deleted = await client.account.delete.$post(
      { json: { password: first.password } },
      {
        headers: {
          Authorization: `Bearer ${(await (await client.auth.session.$get({}, { headers: { Cookie: `hs_refresh=${first.refresh}` } })).json())!.accessToken}`,
          "CF-Connecting-IP": uniqueIp(),
        },
      },
    );
    expect(deleted.status).toBe(200);
    expect((await verifiedSignUp(email)).granted).toBe(0);
    const [local, domain] = email.split("@");
    expect((await verifiedSignUp(`${local}+again@${domain}`)).granted).toBe(0);
  });
});

describe("the one money-back column (decision 348)", () => {
  it("two claims of one kind at once: one wins; the other kind is claimed on its own; a release gives back only its kind", async () => {
    const key = `test-key-${crypto.randomUUID()}`;
    const both = await Promise.all([withDb((db) => claimMoneyBack(db, key, "own")), withDb((db) => claimMoneyBack(db, key, "own"))]);
    expect(both.sort()).toEqual([false, true]);
    expect(await withDb((db) => moneyBackUsed(db, key, "own"))).toBe(true);
    expect(await withDb((db) => moneyBackUsed(db, key, "team"))).toBe(false);
    expect(await withDb((db) => claimMoneyBack(db, key, "team"))).toBe(true);
    expect(await withDb((db) => claimMoneyBack(db, key, "team"))).toBe(false);
    await withDb((db) => releaseMoneyBack(db, key, "own"));
    expect(await withDb((db) => moneyBackUsed(db, key, "own"))).toBe(false);
    expect(await withDb((db) => moneyBackUsed(db, key, "team"))).toBe(true);
    const [row] = await withDb((db) => db.select().from(addressBenefits).where(eq(addressBenefits.addressKey, key)));
    expect(Object.keys(row!.moneyBack)).toEqual(["team"]);
    expect(new Date(row!.moneyBack.team!).getTime()).toBeGreaterThan(0);
  });
});
