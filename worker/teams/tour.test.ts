/**
 * What a new user's tour of teams found (issue 37): a person a team's plan covers is sold no plan of their
 * own (decision 212); an unverified member is told what the seat gives; inviting someone already in
 * another team is refused; /api/team says whether the team's plan covers its people.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teamInvitations } from "../../db/schema";
import { client, createTestUser, env, errorBody } from "../test/helpers";
import { joinedMember, teamWithSeats, withDb } from "../test/teams";

const monthly = () => ({ priceId: env.STRIPE_PRICE_MONTHLY });

describe("a person the team's plan covers is sold no plan of their own (decision 212)", () => {
  it("refuses the owner's and a member's personal checkout with a 409 that says why; outside a paid team it is allowed", async () => {
    const { owner } = await teamWithSeats(3, { owner: { freeUsed: 2 } });
    const member = await joinedMember(owner);
    for (const [who, words] of [
      [owner, /as its owner you have a seat/],
      [member, /You have a seat in the team "Acme"/],
    ] as const) {
      const res = await client.stripe["create-checkout-session"].$post({ json: monthly() }, { headers: who.auth });
      expect(res.status).toBe(409);
      expect((await errorBody(res)).message).toMatch(words);
      const change = await client.stripe["change-subscription"].$post({ json: monthly() }, { headers: who.auth });
      expect(change.status).toBe(409);
    }
    // /api/team tells the web app so (/account and /pricing)
    const mine = await (await client.team.$get({}, { headers: member.auth })).json();
    expect(mine).toMatchObject({ role: "member", covered: true });
    // an owner whose team has no live plan is not covered: a plan of their own is theirs to buy
    const { owner: unpaid } = await teamWithSeats(0);
    expect(await (await client.team.$get({}, { headers: unpaid.auth })).json()).toMatchObject({ role: "owner", covered: false });
    const res = await client.stripe["create-checkout-session"].$post({ json: monthly() }, { headers: unpaid.auth });
    expect(res.status).toBe(200);
  });
});

describe("an unverified member is told what the seat gives (issue 37)", () => {
  it("GET /api/users/credits says a paid team seat is there, verified or not; someone without one has none", async () => {
    const { owner } = await teamWithSeats(3);
    const member = await joinedMember(owner, { verified: false });
    const credits = await (await client.users.credits.$get({}, { headers: member.auth })).json();
    expect(credits).toMatchObject({ isVerified: false, teamSeat: true });
    const loner = await createTestUser({ verified: false });
    expect(await (await client.users.credits.$get({}, { headers: loner.auth })).json()).toMatchObject({ teamSeat: false });
  });
});

describe("inviting someone already in another team (issue 37)", () => {
  it("is refused with a clear 409, and no invitation holds a seat for them", async () => {
    const first = await teamWithSeats(3);
    const taken = await joinedMember(first.owner);
    const second = await teamWithSeats(3);
    const res = await client.team.invitations.$post({ json: { email: taken.user.email } }, { headers: second.owner.auth });
    expect(res.status).toBe(409);
    expect((await errorBody(res)).message).toMatch(/already in another team/);
    const rows = await withDb((db) => db.select().from(teamInvitations).where(eq(teamInvitations.teamId, second.teamId)));
    expect(rows).toEqual([]);
    // another team's owner too
    const owner = await client.team.invitations.$post({ json: { email: first.owner.user.email } }, { headers: second.owner.auth });
    expect(owner.status).toBe(409);
  });
});
