/**
 * Capture links (issue 37, decision 220): only addresses at the link's domains join (exact,
 * case-insensitive, IDNs as punycode; no look-alikes, no sub-domains), after verifying the address; never
 * beyond the link's cap or the seats paid for — under concurrency too (20 people, one seat: exactly one);
 * not after expiry or revoking; someone in another team is told so. The token is stored hashed.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { teamCaptureLinks, teamInvitations, teamMembers, teamRemovals } from "../../db/schema";
import { CAPTURE_MESSAGES } from "../../domain/team-capture";
import { sha256 } from "../auth";
import { client, createTestUser, errorBody } from "../test/helpers";
import { invitationToken, send, teamWithSeats, withDb } from "../test/teams";

type Auth = Record<string, string>;
const tag = () => crypto.randomUUID().slice(0, 8);

async function makeLink(auth: Auth, body: { domains: string[]; maxJoins: number; expiresInDays?: number }) {
  const res = await client.team["capture-links"].$post({ json: body }, { headers: auth });
  if (res.status !== 201) throw new Error(`capture link: ${res.status} ${await res.text()}`);
  const { id, link } = await res.json();
  return { id, token: new URL(link).searchParams.get("token")!, link };
}
const join = (auth: Auth, token: string) => client.team.capture.join.$post({ json: { token } }, { headers: auth });
const personAt = (domain: string, opts: { verified?: boolean } = {}) => createTestUser({ email: `p-${tag()}@${domain}`, ...opts });
const members = (teamId: string) => withDb((db) => db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)));

describe("a capture link admits its domains only", () => {
  it("exact domains, any case, IDNs as punycode; look-alikes and sub-domains are refused with the domains named", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(10);
    const { token, link } = await makeLink(owner.auth, { domains: [` @${acme.toUpperCase()} `, "Bücher.example"], maxJoins: 10 });
    expect(link).toMatch(/\/team\/capture\?token=/);
    const [stored] = await withDb((db) => db.select().from(teamCaptureLinks).where(eq(teamCaptureLinks.teamId, teamId)));
    expect(stored!.domains).toEqual([acme, "xn--bcher-kva.example"]);
    expect(stored!.tokenHash).toBe(await sha256(token)); // only the hash is kept
    expect(stored!.tokenHash).not.toContain(token);

    expect(await (await client.team.capture.$get({ query: { token } })).json()).toEqual({
      teamName: "Acme",
      domains: [acme, "xn--bcher-kva.example"],
    });

    for (const outside of [`evil-${acme}`, `${acme}.evil.io`, `eu.${acme}`, `${acme.replace(".com", ".co")}`, "example.test"]) {
      const person = await personAt(outside);
      const res = await join(person.auth, token);
      expect(res.status, outside).toBe(403);
      expect((await errorBody(res)).message).toBe(CAPTURE_MESSAGES.wrongDomain([acme, "xn--bcher-kva.example"]));
    }
    expect(await members(teamId)).toHaveLength(1);

    const ann = await personAt(acme);
    expect(await (await join(ann.auth, token)).json()).toEqual({ teamId, teamName: "Acme" });
    const idn = await personAt("xn--bcher-kva.example");
    expect((await join(idn.auth, token)).status).toBe(200);
    expect((await join(ann.auth, token)).status).toBe(409); // already in (this) team
    expect((await members(teamId)).filter((m) => m.captureLinkId === stored!.id)).toHaveLength(2);
  });

  it("refuses what is not a company domain: free-mail services, hosts with paths or ports, IP addresses", async () => {
    const { owner } = await teamWithSeats(3);
    for (const domains of [["gmail.com"], ["acme.com/x"], ["acme.com:443"], ["192.168.1.1"], ["localhost"], [], ["a@b.com"]]) {
      const res = await send("POST", "/api/team/capture-links", owner.auth, { domains, maxJoins: 3 });
      expect(res.status, JSON.stringify(domains)).toBe(400);
      expect((await errorBody(res)).message).toMatch(/domain|free email/);
    }
    for (const body of [
      { domains: ["acme.com"], maxJoins: 0 },
      { domains: ["acme.com"], maxJoins: 3, expiresInDays: 91 },
    ])
      expect((await send("POST", "/api/team/capture-links", owner.auth, body)).status).toBe(400);
  });

  it("a team without paid seats can't make one; a member can't; another owner can't revoke ours", async () => {
    expect(
      (await send("POST", "/api/team/capture-links", (await teamWithSeats(0)).owner.auth, { domains: ["acme.com"], maxJoins: 1 })).status,
    ).toBe(409);
    const { owner } = await teamWithSeats(3);
    const acme = `acme-${tag()}.com`;
    const { id, token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 3 });
    const member = await personAt(acme);
    expect((await join(member.auth, token)).status).toBe(200);
    expect((await client.team["capture-links"].$get({}, { headers: member.auth })).status).toBe(403);
    const other = await teamWithSeats(3);
    expect((await client.team["capture-links"][":id"].$delete({ param: { id } }, { headers: other.owner.auth })).status).toBe(404);
  });
});

describe("joining through a capture link", () => {
  it("needs a verified address, and someone in another team is told to leave it first", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(5);
    const { token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 5 });
    const unverified = await personAt(acme, { verified: false });
    const refused = await join(unverified.auth, token);
    expect(refused.status).toBe(403);
    expect((await errorBody(refused)).message).toBe(CAPTURE_MESSAGES.unverified);

    const elsewhere = await teamWithSeats(2, { owner: { email: `boss-${tag()}@${acme}` } });
    const busy = await join(elsewhere.owner.auth, token);
    expect(busy.status).toBe(409);
    expect((await errorBody(busy)).message).toBe(CAPTURE_MESSAGES.otherTeam);
    expect(await members(teamId)).toHaveLength(1);
  });

  it("an open invitation to the same address is used, not a second seat", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(2); // the owner + one invitation: full
    const bea = await personAt(acme);
    expect((await client.team.invitations.$post({ json: { email: bea.user.email } }, { headers: owner.auth })).status).toBe(201);
    const { token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 5 });
    expect((await join((await personAt(acme)).auth, token)).status).toBe(409); // someone else: no seat
    expect((await join(bea.auth, token)).status).toBe(200);
    const [inv] = await withDb((db) => db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId)));
    expect(inv!.acceptedBy).toBe(bea.user.id);
  });

  it("20 people at once with one seat left: exactly one joins", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(2);
    const { token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 50 });
    const people = await Promise.all(Array.from({ length: 20 }, () => personAt(acme)));
    const answers = await Promise.all(people.map((p) => join(p.auth, token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await errorBody(answers.find((r) => r.status === 409)!)).message).toBe(CAPTURE_MESSAGES.noSeat);
    expect(await members(teamId)).toHaveLength(2);
  });

  it("20 people at once on a link capped at 2 (seats to spare): exactly two join, then the link is full", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(30);
    const { token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 2 });
    const people = await Promise.all(Array.from({ length: 20 }, () => personAt(acme)));
    const statuses = (await Promise.all(people.map((p) => join(p.auth, token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 410)).toHaveLength(18);
    expect(await members(teamId)).toHaveLength(3);
    expect((await client.team.capture.$get({ query: { token } })).status).toBe(410);
    const [link] = (await (await client.team["capture-links"].$get({}, { headers: owner.auth })).json()).links;
    expect(link).toMatchObject({ status: "full", maxJoins: 2 });
    expect(link!.joined).toHaveLength(2);
  });

  it("the cap counts admissions: a link capped at 1 stays full when its one person leaves; someone the owner removed comes back only by invitation (issue 46)", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(5);
    const { id, token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 1 });
    const [ann, bea] = [await personAt(acme), await personAt(acme)];
    expect((await join(ann.auth, token)).status).toBe(200);
    expect((await join(bea.auth, token)).status).toBe(410);

    // removed by the owner: not let in again by this link, nor by a new one of the team
    expect((await client.team.members[":id"].$delete({ param: { id: ann.user.id } }, { headers: owner.auth })).status).toBe(200);
    expect((await join(ann.auth, token)).status).toBe(403);
    const fresh = await makeLink(owner.auth, { domains: [acme], maxJoins: 5 });
    const back = await join(ann.auth, fresh.token);
    expect(back.status).toBe(403);
    expect((await errorBody(back)).message).toBe(CAPTURE_MESSAGES.removed);

    // the first link stays full for anyone, and its list says so
    expect((await join(bea.auth, token)).status).toBe(410);
    expect((await client.team.capture.$get({ query: { token } })).status).toBe(410);
    const links = (await (await client.team["capture-links"].$get({}, { headers: owner.auth })).json()).links;
    expect(links.find((l) => l.id === id)).toMatchObject({ status: "full", joined: [] });

    // the owner's invitation still brings her back, and then the new link would admit her again
    const invited = await client.team.invitations.$post({ json: { email: ann.user.email } }, { headers: owner.auth });
    expect(invited.status).toBe(201);
    expect((await client.team.accept.$post({ json: { token: await invitationToken(ann.user.email) } }, { headers: ann.auth })).status).toBe(
      200,
    );
    expect(await withDb((db) => db.select().from(teamRemovals).where(eq(teamRemovals.teamId, teamId)))).toEqual([]);
    expect((await members(teamId)).map((m) => m.userId)).toContain(ann.user.id);
  });

  it("a member who left on their own may come back through an open link; it counts as another admission", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner } = await teamWithSeats(5);
    const { token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 2 });
    const cal = await personAt(acme);
    expect((await join(cal.auth, token)).status).toBe(200);
    expect((await client.team.leave.$post({}, { headers: cal.auth })).status).toBe(200);
    expect((await join(cal.auth, token)).status).toBe(200);
    expect((await join((await personAt(acme)).auth, token)).status).toBe(410);
  });

  it("stops at its expiry", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner } = await teamWithSeats(5);
    const { id, token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 5, expiresInDays: 1 });
    await withDb((db) =>
      db
        .update(teamCaptureLinks)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(teamCaptureLinks.id, id)),
    );
    expect((await client.team.capture.$get({ query: { token } })).status).toBe(410);
    const late = await join((await personAt(acme)).auth, token);
    expect(late.status).toBe(410);
    expect((await errorBody(late)).message).toBe(CAPTURE_MESSAGES.linkInvalid);
    const [link] = (await (await client.team["capture-links"].$get({}, { headers: owner.auth })).json()).links;
    expect(link!.status).toBe("expired");
  });

  it("stops when revoked; who joined before stays, and the owner sees them", async () => {
    const acme = `acme-${tag()}.com`;
    const { owner, teamId } = await teamWithSeats(5);
    const { id, token } = await makeLink(owner.auth, { domains: [acme], maxJoins: 5 });
    const early = await personAt(acme);
    expect((await join(early.auth, token)).status).toBe(200);
    expect((await client.team["capture-links"][":id"].$delete({ param: { id } }, { headers: owner.auth })).status).toBe(200);
    expect((await client.team["capture-links"][":id"].$delete({ param: { id } }, { headers: owner.auth })).status).toBe(404);
    expect((await join((await personAt(acme)).auth, token)).status).toBe(410);
    expect((await client.team.capture.$get({ query: { token } })).status).toBe(410);
    const [link] = (await (await client.team["capture-links"].$get({}, { headers: owner.auth })).json()).links;
    expect(link).toMatchObject({ id, status: "revoked", domains: [acme] });
    expect(link!.joined).toEqual([expect.objectContaining({ userId: early.user.id, email: early.user.email })]);
    expect(await members(teamId)).toHaveLength(2);
  });

  it("an unknown token is a 410, never a 500", async () => {
    const person = await personAt("acme.com");
    expect((await join(person.auth, "x".repeat(43))).status).toBe(410);
    expect((await client.team.capture.$get({ query: { token: "y".repeat(43) } })).status).toBe(410);
  });
});
