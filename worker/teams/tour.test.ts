/**
 * What a new user's tour of teams found (issue 37): a person a team's plan covers is sold no plan of their
 * own (decision 212); an unverified member is told what the seat gives; inviting someone already in
 * another team is refused; /api/team says whether the team's plan covers its people.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { teamMembers } from "../../db/schema";
import { TEAM_MESSAGES } from "../../domain/teams";
import { client, createTestUser, env, errorBody } from "../test/helpers";
import { invitationToken, joinedMember, teamWithSeats, withDb } from "../test/teams";

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

describe("inviting someone already in another team (issues 37, 46)", () => {
  it("is answered as for anyone (the answer must not tell who is in another team); accepting is refused clearly", async () => {
    const first = await teamWithSeats(3);
    const taken = await joinedMember(first.owner);
    const second = await teamWithSeats(3);
    const res = await client.team.invitations.$post({ json: { email: taken.user.email } }, { headers: second.owner.auth });
    const stranger = await client.team.invitations.$post(
      { json: { email: `nobody-${crypto.randomUUID()}@example.test` } },
      { headers: second.owner.auth },
    );
    expect([res.status, stranger.status]).toEqual([201, 201]);
    expect(Object.keys(await res.json())).toEqual(Object.keys(await stranger.json()));
    const accepted = await client.team.accept.$post({ json: { token: await invitationToken(taken.user.email) } }, { headers: taken.auth });
    expect(accepted.status).toBe(409);
    expect((await errorBody(accepted)).message).toBe(TEAM_MESSAGES.alreadyInTeam);
    const rows = await withDb((db) => db.select().from(teamMembers).where(eq(teamMembers.userId, taken.user.id)));
    expect(rows).toMatchObject([{ teamId: first.teamId }]);
  });
});

describe("who may invite or preview a list (issue 46)", () => {
  const csv = (email: string) => `Name,Email\nAnn,${email}`;
  it("an unverified owner is refused (403), and so is the owner of a team whose seats are not paid (409)", async () => {
    const unverified = await teamWithSeats(3, { owner: { verified: false } });
    for (const res of [
      await client.team.invitations.$post({ json: { email: "a@example.test" } }, { headers: unverified.owner.auth }),
      await client.team.import.preview.$post({ json: { csv: csv("a@example.test") } }, { headers: unverified.owner.auth }),
      await client.team.import.$post({ json: { csv: csv("a@example.test") } }, { headers: unverified.owner.auth }),
    ]) {
      expect(res.status).toBe(403);
      expect((await errorBody(res)).message).toBe(TEAM_MESSAGES.verifyBeforeInviting);
    }
    for (const unpaid of [await teamWithSeats(0), await teamWithSeats(3, { status: "past_due" })]) {
      for (const res of [
        await client.team.invitations.$post({ json: { email: "a@example.test" } }, { headers: unpaid.owner.auth }),
        await client.team.import.preview.$post({ json: { csv: csv("a@example.test") } }, { headers: unpaid.owner.auth }),
      ]) {
        expect(res.status).toBe(409);
        expect((await errorBody(res)).message).toBe(TEAM_MESSAGES.inviteNeedsPaidTeam);
      }
    }
  });

  it("a list's preview answers the same for an address in another team as for a stranger's", async () => {
    const first = await teamWithSeats(3);
    const taken = await joinedMember(first.owner);
    const second = await teamWithSeats(5);
    const stranger = `nobody-${crypto.randomUUID()}@example.test`;
    const rowOf = async (email: string) => {
      const res = await client.team.import.preview.$post({ json: { csv: csv(email) } }, { headers: second.owner.auth });
      expect(res.status).toBe(200);
      const { rows, ready } = await res.json();
      return { row: { ...rows[0]!, email: "" }, ready }; // everything but the address itself
    };
    expect(await rowOf(taken.user.email)).toEqual(await rowOf(stranger));
    expect(await rowOf(first.owner.user.email)).toEqual(await rowOf(stranger));
  });
});
