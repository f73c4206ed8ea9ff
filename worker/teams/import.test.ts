/**
 * Invite a list (issue 37, decision 221): the preview reads a CSV as Excel and people write it (a BOM,
 * `;`, quoted fields, a header or none) and says what each row is — duplicates, bad addresses, members,
 * already invited, people in another team, rows beyond the free seats — and sends nothing; confirming
 * invites the ready rows through the invitation path (one mail each) and is refused whole beyond the
 * free seats. Size limits answer 413, unreadable lists 400.
 */
import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { teamInvitations, teams } from "../../db/schema";
import { TEAM_MESSAGES } from "../../domain/teams";
import { domainText } from "../lib";
import { importList } from "./import";
import { invite } from "./invitations";
import { IMPORT_MAX_ROWS } from "../../domain/team-capture";
import { client, createTestUser, errorBody, inOneWindow, uniqueEmail } from "../test/helpers";
import { joinedMember, send, teamWithSeats, withDb } from "../test/teams";

type Auth = Record<string, string>;
const preview = (auth: Auth, csv: string) => client.team.import.preview.$post({ json: { csv } }, { headers: auth });
const confirm = (auth: Auth, csv: string) => client.team.import.$post({ json: { csv } }, { headers: auth });
/** The team's invitations not accepted (the members' own are). */
const invitationsOf = (teamId: string) =>
  withDb((db) =>
    db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt))),
  );
const mailsTo = async (email: string) => (await (await client.dev.mailbox.$get({ query: { to: email } })).json()).messages;

describe("the preview", () => {
  it("says what each row is and sends nothing", async () => {
    const { owner, teamId } = await teamWithSeats(5); // the owner + 1 member + 1 invitation: 2 free seats
    const member = await joinedMember(owner);
    const invited = uniqueEmail("invited");
    expect((await client.team.invitations.$post({ json: { email: invited } }, { headers: owner.auth })).status).toBe(201);
    const elsewhere = await teamWithSeats(2);
    const [ann, bob, cid] = [uniqueEmail("ann"), uniqueEmail("bob"), uniqueEmail("cid")];
    const csv = [
      "\uFEFFName;E-mail",
      `"Smith; Ann";${ann}`,
      `Bob;${bob.toUpperCase()}`,
      `Ann again;${ann}`,
      "Nobody;not-an-address",
      `Member;${member.user.email}`,
      `Invited;${invited}`,
      `Other team;${elsewhere.owner.user.email}`,
      `Cid;${cid}`,
      "",
    ].join("\r\n");
    const res = await preview(owner.auth, csv);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.freeSeats).toBe(2);
    expect(body.ready).toBe(2);
    expect(body.rows.map((r) => [r.line, r.name, r.email, r.status])).toEqual([
      [2, "Smith; Ann", ann, "ready"],
      [3, "Bob", bob, "ready"],
      [4, "Ann again", ann, "duplicate"],
      [5, "Nobody", "not-an-address", "invalid"],
      [6, "Member", member.user.email, "member"],
      [7, "Invited", invited, "invited"],
      // someone in another team is not told apart from anyone else (issue 46): here, beyond the free seats like Cid
      [8, "Other team", elsewhere.owner.user.email, "over-seats"],
      [9, "Cid", cid, "over-seats"],
    ]);
    // data, not sentences: the web app words each row in the page's language (issue 50)
    expect(body.rows[2]).toEqual({ line: 4, name: "Ann again", email: ann, status: "duplicate", firstLine: 2 });
    expect(body.rows.filter((r) => r !== body.rows[2]).every((r) => !("firstLine" in r) && !("message" in r))).toBe(true);
    // nothing written, nothing mailed
    expect((await invitationsOf(teamId)).map((i) => i.email)).toEqual([invited]);
    for (const email of [ann, bob, cid]) expect(await mailsTo(email)).toEqual([]);
  });

  it("reads a list without a header, with commas, tabs or the address first", async () => {
    const { owner } = await teamWithSeats(10);
    const [a, b, c] = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    for (const csv of [`Ann Smith,${a}\n"Bob, Jr.",${b}\n`, `Ann Smith\t${a}\nBob, Jr.\t${b}`, `${a},Ann Smith\n${b},"Bob, Jr."`]) {
      const body = await (await preview(owner.auth, csv)).json();
      expect(
        body.rows.map((r) => [r.name, r.email, r.status]),
        csv,
      ).toEqual([
        ["Ann Smith", a, "ready"],
        ["Bob, Jr.", b, "ready"],
      ]);
    }
    const one = await (await preview(owner.auth, `email\n${c}`)).json();
    expect(one.rows).toEqual([expect.objectContaining({ name: "", email: c, status: "ready" })]);
  });

  it("refuses an empty or unreadable list (400), one too long or too large (413), and members of the team (403)", async () => {
    const { owner } = await teamWithSeats(3);
    const empty = await preview(owner.auth, " \n\n");
    expect(empty.status).toBe(400);
    expect((await errorBody(empty)).message).toMatch(/The list is empty/);
    const broken = await preview(owner.auth, `Ann,"${uniqueEmail()}\nBob,bob@example.test`);
    expect(broken.status).toBe(400);
    expect((await errorBody(broken)).message).toMatch(/^The list couldn't be read/);
    const long = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@example.test`).join("\n");
    const tooLong = await preview(owner.auth, long);
    expect(tooLong.status).toBe(413);
    expect((await errorBody(tooLong)).message).toMatch(/at most 500 can be imported/);
    const tooLarge = await preview(owner.auth, `Ann,${uniqueEmail()},${"x".repeat(101 * 1024)}`);
    expect(tooLarge.status).toBe(413);
    expect((await errorBody(tooLarge)).message).toMatch(/at most 100 KB/);
    expect((await send("POST", "/api/team/import/preview", owner.auth, {})).status).toBe(400);
    const member = await joinedMember(owner);
    expect((await preview(member.auth, `Ann,${uniqueEmail()}`)).status).toBe(403);
    expect((await preview((await createTestUser()).auth, `Ann,${uniqueEmail()}`)).status).toBe(404);
  });
});

describe("confirming the list", () => {
  it("invites the ready rows through the invitation path: one mail each, the names kept, the rest skipped", async () => {
    const { owner, teamId } = await teamWithSeats(4);
    const member = await joinedMember(owner);
    const [ann, bob] = [uniqueEmail("ann"), uniqueEmail("bob")];
    const csv = `name,email\nAnn Smith,${ann}\nBob,${bob}\nAnn,${ann}\nMember,${member.user.email}\nx,bad@`;
    const res = await confirm(owner.auth, csv);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: [{ email: ann }, { email: bob }], failed: [] });
    const stored = await invitationsOf(teamId);
    expect(stored.map((i) => [i.email, i.name]).sort()).toEqual(
      [
        [ann, "Ann Smith"],
        [bob, "Bob"],
      ].sort(),
    );
    for (const email of [ann, bob]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.links.some((l) => l.includes("/team/join?token="))).toBe(true);
    }
    expect(await mailsTo(member.user.email)).toHaveLength(1); // their own invitation, before the list
    // the same list again: everyone is invited or a member now
    const again = await confirm(owner.auth, csv);
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe("Nobody on the list can be invited; nothing was sent.");
  });

  it("more people than free seats: refused whole, nothing written, nothing mailed", async () => {
    const { owner, teamId } = await teamWithSeats(3); // 2 free seats
    const people = [uniqueEmail("p"), uniqueEmail("q"), uniqueEmail("r")];
    const res = await confirm(owner.auth, people.map((e, i) => `P${i},${e}`).join("\n"));
    expect(res.status).toBe(409);
    expect((await errorBody(res)).message).toBe(
      "The list has 3 people to invite but the team has 2 free seats. Add seats or remove rows; nothing was sent.",
    );
    expect(await invitationsOf(teamId)).toEqual([]);
    for (const email of people) expect(await mailsTo(email)).toEqual([]);
  });

  it("a row refused as it is invited (its seat taken meanwhile) is reported by code, in the reader's words (issue 50)", async () => {
    const { owner, teamId } = await teamWithSeats(3); // 2 free seats
    const [ann, bob, other] = [uniqueEmail("ann"), uniqueEmail("bob"), uniqueEmail("other")];
    const outcome = await withDb(async (db) => {
      const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
      let first = true;
      const takeTheLastSeat = async () => {
        if (!first) return;
        first = false;
        await invite(db, team!, owner.user.id, other); // someone invites another address while Ann's mail goes out
      };
      return importList(db, team!, owner.user.id, `Ann,${ann}\nBob,${bob}`, takeTheLastSeat, "de");
    });
    expect(outcome).toEqual({
      sent: [{ email: ann }],
      failed: [{ email: bob, code: "no_free_seats", message: domainText(TEAM_MESSAGES.noFreeSeats, "de") }],
    });
    expect(outcome.failed[0]!.message).toMatch(/^Alle Plätze/);
  });

  it("imports are limited per team and hour", async () => {
    await inOneWindow(3600); // worker/teams/routes/import.ts: per team and clock hour
    const { owner } = await teamWithSeats(2);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await confirm(owner.auth, `Nobody,not-an-address`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses[10]).toBe(429);
  });
});
