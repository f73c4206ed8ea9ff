/**
 * /api/team (issue 25): creating and naming a team, the brand look, invitations (one link each, single
 * use, 7 days, revocable, re-sendable, never more than the free seats — under concurrency too), accepting
 * (the invited address, one team per person), removing members, the chosen photos and the owner's grid,
 * and that every owner route refuses members, outsiders and other teams' owners.
 */
import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { headshots, teamInvitations, teamMembers, teams, users } from "../../db/schema";
import { TEAM_INVITATION_DAYS } from "../../domain/teams";
import { client, createTestUser, errorBody, uniqueEmail, variant } from "../test/helpers";
import { readZip } from "../test/zip";
import { c2paMadeWithAi, c2paStore } from "../downloads/test-decoders";
import { withoutContentCredentials } from "../marking/c2pa";
import { decode } from "../test/images";
import {
  expireInvitations,
  finishedHeadshot,
  generatedHeadshot,
  invitationToken,
  joinedMember,
  send,
  setTeamSubscription,
  teamWithSeats,
  withDb,
} from "../test/teams";

const myTeam = async (auth: Record<string, string>) => (await client.team.$get({}, { headers: auth })).json();
/** The owner's view of the team (members, invitations, seats): asserts the caller owns one. */
const ownerTeam = async (auth: Record<string, string>) => variant((await myTeam(auth))!, "role", "owner");
const invite = (auth: Record<string, string>, email: string) => client.team.invitations.$post({ json: { email } }, { headers: auth });
const memberCount = (teamId: string) =>
  withDb(async (db) => (await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).length);

describe("a team: created, named, one brand look", () => {
  it("the creator owns it and is its first member; a person belongs to one team", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const view = await ownerTeam(owner.auth);
    expect(view).toMatchObject({ role: "owner", team: { id: teamId, name: "Acme", look: null }, seats: { paid: 3, used: 1, invited: 0 } });
    expect(view.members).toEqual([expect.objectContaining({ userId: owner.user.id, role: "owner", hasChosenPhoto: false })]);
    expect((await client.team.$post({ json: { name: "Second" } }, { headers: owner.auth })).status).toBe(409);

    const renamed = await client.team.$patch(
      { json: { name: "Acme Inc.", style: "Office", brandColor: "#1e3a5f" } },
      { headers: owner.auth },
    );
    expect(await renamed.json()).toMatchObject({ name: "Acme Inc.", style: "Office", brandColor: "#1E3A5F" });
    expect((await myTeam(owner.auth))!.team.look).toEqual({ style: "Office", brandColor: "#1E3A5F" });
    expect((await client.team.$patch({ json: { brandColor: "navy" } }, { headers: owner.auth })).status).toBe(400);
    // raw: a style the contract refuses
    expect((await send("PATCH", "/api/team", owner.auth, { style: "Cartoon" })).status).toBe(400);
    expect((await client.team.$post({ json: { name: "" } }, { headers: (await createTestUser()).auth })).status).toBe(400);
  });

  it("someone outside any team sees null; a member sees the team's name and look, not its members", async () => {
    const outsider = await createTestUser();
    expect(await myTeam(outsider.auth)).toBeNull();
    const { owner } = await teamWithSeats(3);
    await client.team.$patch({ json: { style: "Corporate", brandColor: "#112233" } }, { headers: owner.auth });
    const member = await joinedMember(owner);
    const view = await myTeam(member.auth);
    expect(view).toEqual({
      role: "member",
      team: expect.objectContaining({ name: "Acme", look: { style: "Corporate", brandColor: "#112233" } }),
      covered: true,
      entitled: true,
      myChosenHeadshotId: null,
      ownPlanNotNeeded: false,
    });
  });

  it("tells a member who also pays for their own plan that they no longer need it", async () => {
    const { owner } = await teamWithSeats(3);
    const member = await joinedMember(owner, { subscription: { planType: "monthly" } });
    expect(variant((await myTeam(member.auth))!, "role", "member").ownPlanNotNeeded).toBe(true);
  });
});

describe("invitations", () => {
  it("mail one single-use link each, expiring in 7 days; never more than the free seats", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const [a, b, c] = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    expect((await invite(owner.auth, a)).status).toBe(201);
    expect((await invite(owner.auth, a.toUpperCase())).status).toBe(409); // already invited (same address)
    expect((await invite(owner.auth, b)).status).toBe(201);
    const full = await invite(owner.auth, c);
    expect(full.status).toBe(409);
    expect((await errorBody(full)).message).toMatch(/Every seat is taken/);

    const view = await ownerTeam(owner.auth);
    expect(view.seats).toEqual({ paid: 3, used: 1, invited: 2 });
    const inv = view.invitations.find((i) => i.email === a)!;
    expect(inv.status).toBe("invited");
    const days = (new Date(inv.expiresAt).getTime() - new Date(inv.sentAt).getTime()) / 864e5;
    expect(days).toBeCloseTo(TEAM_INVITATION_DAYS, 3);
    const token = await invitationToken(a);
    const stored = await withDb((db) => db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId)));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token); // only the hash is kept

    // revoking frees the seat and kills the link
    expect((await client.team.invitations[":id"].$delete({ param: { id: inv.id } }, { headers: owner.auth })).status).toBe(200);
    expect((await client.team.invitation.$get({ query: { token } })).status).toBe(410);
    expect((await invite(owner.auth, c)).status).toBe(201);
  });

  it("a team without a live subscription can invite nobody", async () => {
    const { owner } = await teamWithSeats(0);
    expect((await invite(owner.auth, uniqueEmail())).status).toBe(409);
  });

  it("20 invitations at once with one free seat: exactly one is made", async () => {
    const { owner, teamId } = await teamWithSeats(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => invite(owner.auth, uniqueEmail("race"))));
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const open = await withDb((db) =>
      db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.revokedAt))),
    );
    expect(open).toHaveLength(1);
  });

  it("re-sending mails a new link (the old one stops working) and restarts the 7 days; an expired one can be re-sent", async () => {
    const { owner } = await teamWithSeats(3);
    const person = await createTestUser();
    await invite(owner.auth, person.user.email);
    const first = await invitationToken(person.user.email);
    const inv = (await ownerTeam(owner.auth)).invitations[0]!;
    await expireInvitations(person.user.email);
    expect((await ownerTeam(owner.auth)).invitations[0]!.status).toBe("expired");
    expect((await ownerTeam(owner.auth)).seats.invited).toBe(0); // an expired invitation holds no seat
    expect((await client.team.accept.$post({ json: { token: first } }, { headers: person.auth })).status).toBe(410);

    expect((await client.team.invitations[":id"].resend.$post({ param: { id: inv.id } }, { headers: owner.auth })).status).toBe(200);
    const second = await invitationToken(person.user.email);
    expect(second).not.toBe(first);
    const again = (await ownerTeam(owner.auth)).invitations[0];
    expect(again).toMatchObject({ id: inv.id, status: "invited", resentCount: 1 });
    expect((await client.team.accept.$post({ json: { token: first } }, { headers: person.auth })).status).toBe(410);
    expect(await (await client.team.invitation.$get({ query: { token: second } })).json()).toEqual({
      teamName: "Acme",
      email: person.user.email,
    });
    expect((await client.team.accept.$post({ json: { token: second } }, { headers: person.auth })).status).toBe(200);
  });
});

describe("accepting", () => {
  it("needs the invited address; the link works once; a person joins at most one team", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const invited = await createTestUser();
    const someoneElse = await createTestUser();
    await invite(owner.auth, invited.user.email);
    const token = await invitationToken(invited.user.email);

    const wrong = await client.team.accept.$post({ json: { token } }, { headers: someoneElse.auth });
    expect(wrong.status).toBe(403);
    expect((await client.team.accept.$post({ json: { token: "not-a-real-token-at-all" } }, { headers: invited.auth })).status).toBe(410);
    expect((await client.team.accept.$post({ json: { token } })).status).toBe(401);
    const ok = await client.team.accept.$post({ json: { token } }, { headers: invited.auth });
    expect(await ok.json()).toEqual({ teamId, teamName: "Acme" });
    expect((await client.team.accept.$post({ json: { token } }, { headers: invited.auth })).status).toBe(410);
    expect(await myTeam(owner.auth)).toMatchObject({ seats: { paid: 3, used: 2, invited: 0 }, invitations: [] });

    // a second team's invitation is answered as for anyone (issue 46: the answer must not tell who is in a team),
    // and accepting it is refused; they stay in the first
    const other = await teamWithSeats(5);
    const res = await client.team.invitations.$post({ json: { email: invited.user.email } }, { headers: other.owner.auth });
    expect(res.status).toBe(201);
    const refused = await client.team.accept.$post(
      { json: { token: await invitationToken(invited.user.email) } },
      { headers: invited.auth },
    );
    expect(refused.status).toBe(409);
    expect((await myTeam(invited.auth))!.team.id).toBe(teamId);
    // an owner of a team too
    expect((await client.team.invitations.$post({ json: { email: owner.user.email } }, { headers: other.owner.auth })).status).toBe(201);
    // someone invited before they joined another team still cannot accept the second invitation
    const later = await createTestUser();
    await invite(other.owner.auth, later.user.email);
    const laterToken = await invitationToken(later.user.email);
    await invite(owner.auth, later.user.email);
    expect(
      (await client.team.accept.$post({ json: { token: await invitationToken(later.user.email) } }, { headers: later.auth })).status,
    ).toBe(200);
    expect((await client.team.accept.$post({ json: { token: laterToken } }, { headers: later.auth })).status).toBe(409);
  });

  it("20 accepts at once with one free seat left: exactly one joins", async () => {
    const { owner, teamId } = await teamWithSeats(21);
    const people = await Promise.all(Array.from({ length: 20 }, () => createTestUser()));
    for (const p of people) expect((await invite(owner.auth, p.user.email)).status).toBe(201);
    const tokens = await Promise.all(people.map((p) => invitationToken(p.user.email)));
    // the seats were lowered since (at Stripe, say): the owner and one more
    await setTeamSubscription(teamId, { seats: 2 });
    const answers = await Promise.all(people.map((p, i) => client.team.accept.$post({ json: { token: tokens[i]! } }, { headers: p.auth })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await memberCount(teamId)).toBe(2);
  });

  it("20 accepts of one link at once: exactly one joins", async () => {
    const { owner, teamId } = await teamWithSeats(5);
    const person = await createTestUser();
    await invite(owner.auth, person.user.email);
    const token = await invitationToken(person.user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.team.accept.$post({ json: { token } }, { headers: person.auth })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await memberCount(teamId)).toBe(2);
  });
});

describe("members and their photos", () => {
  it("each member chooses one of their own finished headshots; the grid shows chosen results only", async () => {
    const { owner } = await teamWithSeats(4);
    const ann = await joinedMember(owner);
    const bob = await joinedMember(owner);
    const annPhoto = await finishedHeadshot(ann.user.id);
    await finishedHeadshot(ann.user.id); // not chosen: never shown
    const bobPhoto = await finishedHeadshot(bob.user.id);
    const unfinished = await finishedHeadshot(bob.user.id).then(async () => (await import("../test/headshots")).seedPending(bob.user.id));

    expect((await client.team.photo.$put({ json: { headshotId: bobPhoto } }, { headers: ann.auth })).status).toBe(404); // not hers
    expect((await client.team.photo.$put({ json: { headshotId: unfinished } }, { headers: bob.auth })).status).toBe(404); // not finished
    expect((await client.team.photo.$put({ json: { headshotId: annPhoto } }, { headers: ann.auth })).status).toBe(200);
    expect((await client.team.photo.$put({ json: { headshotId: bobPhoto } }, { headers: bob.auth })).status).toBe(200);
    expect((await client.team.photo.$put({ json: { headshotId: annPhoto } }, { headers: (await createTestUser()).auth })).status).toBe(404);

    const { photos } = await (await client.team.grid.$get({}, { headers: owner.auth })).json();
    expect(photos.map((p: { headshotId: string }) => p.headshotId)).toEqual([annPhoto, bobPhoto]);
    for (const p of photos) {
      expect(p.imageUrl).toMatch(new RegExp(`^/api/images/${p.headshotId}/result\\?exp=\\d+&sig=[0-9a-f]{64}$`));
      expect(p.imageUrl).not.toContain("original");
    }
    expect(photos[0]).toMatchObject({ userId: ann.user.id, name: "Test User", style: "Office" });
    const members = (await ownerTeam(owner.auth)).members;
    expect(members.map((m: { hasChosenPhoto: boolean }) => m.hasChosenPhoto)).toEqual([false, true, true]);

    // clearing the choice takes the photo off the grid
    expect((await client.team.photo.$put({ json: { headshotId: null } }, { headers: bob.auth })).status).toBe(200);
    expect((await (await client.team.grid.$get({}, { headers: owner.auth })).json()).photos).toHaveLength(1);
  });

  it("a removed member leaves the grid at once; their account and photos stay theirs", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const ann = await joinedMember(owner);
    const photo = await finishedHeadshot(ann.user.id);
    await client.team.photo.$put({ json: { headshotId: photo } }, { headers: ann.auth });
    expect((await client.team.members[":id"].$delete({ param: { id: owner.user.id } }, { headers: owner.auth })).status).toBe(404); // not the owner
    expect((await client.team.members[":id"].$delete({ param: { id: ann.user.id } }, { headers: owner.auth })).status).toBe(200);
    expect((await (await client.team.grid.$get({}, { headers: owner.auth })).json()).photos).toEqual([]);
    expect(await myTeam(ann.auth)).toBeNull();
    expect(await memberCount(teamId)).toBe(1);
    const kept = await withDb(async (db) => ({
      user: (await db.select().from(users).where(eq(users.id, ann.user.id))).length,
      photo: (await db.select().from(headshots).where(eq(headshots.id, photo)))[0]?.status,
    }));
    expect(kept).toEqual({ user: 1, photo: "completed" });
    expect((await ownerTeam(owner.auth)).seats).toEqual({ paid: 3, used: 1, invited: 0 });
  });

  it("a member may leave; the owner may not", async () => {
    const { owner } = await teamWithSeats(3);
    const ann = await joinedMember(owner);
    expect((await client.team.leave.$post({}, { headers: owner.auth })).status).toBe(409);
    // said in the owner's language, the code unchanged (issue 50)
    const said = async (headers: Record<string, string>) =>
      errorBody(await client.team.leave.$post({}, { headers: { ...owner.auth, ...headers } }));
    expect(await said({})).toMatchObject({ code: "conflict", message: "The owner can't leave the team. Close the team instead." });
    expect(await said({ "Accept-Language": "de-DE,de;q=0.9" })).toMatchObject({
      code: "conflict",
      message: "Der Inhaber kann das Team nicht verlassen. Schließen Sie stattdessen das Team.",
    });
    expect(await said({ Cookie: "locale=fr" })).toMatchObject({
      code: "conflict",
      message: "Le propriétaire ne peut pas quitter l'équipe. Fermez plutôt l'équipe.",
    });
    expect((await client.team.leave.$post({}, { headers: ann.auth })).status).toBe(200);
    expect(await myTeam(ann.auth)).toBeNull();
  });
});

describe("the team's photos as one ZIP", () => {
  const named = (userId: string, firstName: string, lastName: string | null) =>
    withDb((db) => db.update(users).set({ firstName, lastName }).where(eq(users.id, userId)));
  const zip = (auth: Record<string, string>, query: string) =>
    client.team.zip.$get({ query: Object.fromEntries(new URLSearchParams(query)) }, { headers: auth });

  it("holds exactly the chosen photos, one per member, in one preset, named after the members", async () => {
    const { owner, teamId } = await teamWithSeats(4);
    await named(owner.user.id, "Olga", "Owner");
    const ann = await joinedMember(owner);
    const bob = await joinedMember(owner);
    const cat = await joinedMember(owner); // chooses nothing: not in the ZIP
    await named(ann.user.id, "José", "Núñez");
    await named(bob.user.id, "Bob", null);
    expect((await zip(owner.auth, "resolution=web")).status).toBe(409); // nothing chosen yet

    const annPhoto = await generatedHeadshot(ann.auth, "Office");
    await generatedHeadshot(ann.auth, "Suit"); // hers, not chosen
    const bobPhoto = await generatedHeadshot(bob.auth, "LinkedIn");
    await generatedHeadshot(cat.auth, "Office");
    expect((await client.team.photo.$put({ json: { headshotId: annPhoto } }, { headers: ann.auth })).status).toBe(200);
    expect((await client.team.photo.$put({ json: { headshotId: bobPhoto } }, { headers: bob.auth })).status).toBe(200);

    const res = await zip(owner.auth, "preset=instagram-square&fileFormat=png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toContain("acme-team-photos.zip");
    const files = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(["jose-nunez-instagram-square.png", "bob-instagram-square.png"]);
    for (const f of files) expect([decode(f.data).width, decode(f.data).height]).toEqual([1080, 1080]);
    // each file is the member's own picture, as its owner would download it
    const annOwn = await client.headshots[":id"].download.$get(
      { param: { id: annPhoto }, query: { preset: "instagram-square", fileFormat: "png" } },
      { headers: ann.auth },
    );
    // the same file but its Content Credentials, signed for each delivery (decision 320)
    expect(c2paMadeWithAi(c2paStore(files[0]!.data))).toBe(true);
    expect(withoutContentCredentials(files[0]!.data)).toEqual(withoutContentCredentials(new Uint8Array(await annOwn.arrayBuffer())));

    // a member who is removed is gone from the ZIP at once
    expect((await client.team.members[":id"].$delete({ param: { id: bob.user.id } }, { headers: owner.auth })).status).toBe(200);
    const after = readZip(new Uint8Array(await (await zip(owner.auth, "resolution=web&fileFormat=png")).arrayBuffer()));
    expect(after.map((f) => f.name)).toEqual(["jose-nunez-web-square.png"]);
    expect(await memberCount(teamId)).toBe(3);
    // four generations at 2K and three 2K downloads transformed: more than the default 30 s on a busy 2-core machine
  }, 90_000);

  it("asks the owner for a plan for high resolution once the team's subscription has ended; the web size stays", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const ann = await joinedMember(owner);
    await client.team.photo.$put({ json: { headshotId: await generatedHeadshot(ann.auth) } }, { headers: ann.auth });
    await setTeamSubscription(teamId, { status: "canceled" });
    const high = await zip(owner.auth, "preset=instagram-square");
    expect(high.status).toBe(402);
    expect((await errorBody(high)).requiresSubscription).toBe(true);
    expect((await zip(owner.auth, "resolution=web")).status).toBe(200);
    expect((await zip(owner.auth, "preset=no-such-preset")).status).toBe(400);
  });
});

describe("every owner route refuses members, outsiders and other teams' owners", () => {
  const ownerRoutes: [string, string, unknown?][] = [
    ["PATCH", "/api/team", { name: "Taken over" }],
    ["DELETE", "/api/team"],
    ["POST", "/api/team/invitations", { email: "someone@example.test" }],
    ["GET", "/api/team/grid"],
    ["GET", "/api/team/zip?resolution=web"],
    ["POST", "/api/team/checkout", { seats: 5 }],
    ["POST", "/api/team/seats", { seats: 5 }],
    ["GET", "/api/team/seats-preview?seats=5"],
    ["POST", "/api/team/cancel"],
    ["POST", "/api/team/resume"],
    ["GET", "/api/team/refund-eligibility"],
    ["POST", "/api/team/refund"],
  ];

  it("a member gets 403 and an outsider 404 from every owner route; nothing changes", async () => {
    const { owner, teamId } = await teamWithSeats(4);
    const member = await joinedMember(owner);
    const outsider = await createTestUser();
    for (const [method, path, body] of ownerRoutes) {
      expect((await send(method, path, member.auth, body)).status, `${method} ${path} as a member`).toBe(403);
      expect((await send(method, path, outsider.auth, body)).status, `${method} ${path} outside a team`).toBe(404);
      expect((await send(method, path, {}, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    const [team] = await withDb((db) => db.select().from(teams).where(eq(teams.id, teamId)));
    expect(team!.name).toBe("Acme");
    expect(await memberCount(teamId)).toBe(2);
  });

  it("routes naming an invitation or a member answer another team's owner 404, as for ids that do not exist", async () => {
    const mine = await teamWithSeats(4);
    const theirs = await teamWithSeats(4);
    const theirMember = await joinedMember(theirs.owner);
    const invited = uniqueEmail("theirs");
    await invite(theirs.owner.auth, invited);
    const theirInvitation = (await ownerTeam(theirs.owner.auth)).invitations[0]!;
    const routes: [string, string][] = [
      ["DELETE", `/api/team/members/${theirMember.user.id}`],
      ["DELETE", `/api/team/members/${theirs.owner.user.id}`],
      ["DELETE", `/api/team/invitations/${theirInvitation.id}`],
      ["POST", `/api/team/invitations/${theirInvitation.id}/resend`],
    ];
    for (const [method, path] of routes) {
      const res = await send(method, path, mine.owner.auth);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await errorBody(res))).not.toContain(invited);
      const unknown = path.replace(/[0-9a-f-]{36}/, crypto.randomUUID());
      expect((await send(method, unknown, mine.owner.auth)).status).toBe(404);
    }
    // theirs are untouched
    expect((await ownerTeam(theirs.owner.auth)).members).toHaveLength(2);
    expect((await ownerTeam(theirs.owner.auth)).invitations).toEqual([
      expect.objectContaining({ id: theirInvitation.id, resentCount: 0, status: "invited" }),
    ]);
    // and members of another team are not members of mine: choosing a photo works only on one's own team
    expect((await ownerTeam(mine.owner.auth)).members).toHaveLength(1);
  });
});
