/**
 * Status at a glance and reminders (issue 37, decision 222): invited / joined / generated / chosen per
 * person, as JSON and as a CSV file; reminders to members who have not chosen a photo N days after
 * joining — one click (everyone due, or one person) or weekly by the cron when the owner asks — never
 * more than one a week per person, and a few clicks an hour per team.
 */
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { teamMembers } from "../../db/schema";
import { HOUSEKEEPING } from "../scheduled";
import { client, createTestUser, runJob, uniqueEmail } from "../test/helpers";
import { finishedHeadshot, joinedMember, send, teamWithSeats, withDb } from "../test/teams";

type Auth = Record<string, string>;
/** The reminders mailed to `email` (members also got their invitation). */
const mailsTo = async (email: string) =>
  (await (await client.dev.mailbox.$get({ query: { to: email } })).json()).messages.filter((m) =>
    m.subject.endsWith("waiting for your team photo"),
  );
const remind = (auth: Auth, userId?: string) => client.team.reminders.$post({ json: userId ? { userId } : {} }, { headers: auth });
const joinedDaysAgo = (userId: string, days: number) =>
  withDb((db) =>
    db
      .update(teamMembers)
      .set({ joinedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(teamMembers.userId, userId)),
  );
const remindedDaysAgo = (userId: string, days: number) =>
  withDb((db) =>
    db
      .update(teamMembers)
      .set({ remindedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(teamMembers.userId, userId)),
  );
const reminderJob = HOUSEKEEPING.find((j) => j.name === "team photo reminders")!;

describe("status at a glance", () => {
  it("invited, joined, generated, chosen per person, as JSON and CSV", async () => {
    const { owner } = await teamWithSeats(5);
    const chooser = await joinedMember(owner);
    const photo = await finishedHeadshot(chooser.user.id);
    await finishedHeadshot(chooser.user.id);
    expect((await client.team.photo.$put({ json: { headshotId: photo } }, { headers: chooser.auth })).status).toBe(200);
    const generator = await joinedMember(owner);
    await finishedHeadshot(generator.user.id);
    const invited = uniqueEmail("invited");
    const imported = await client.team.import.$post({ json: { csv: `=HYPERLINK("x"),${invited}` } }, { headers: owner.auth });
    expect(imported.status).toBe(200);

    const status = await (await client.team.status.$get({}, { headers: owner.auth })).json();
    expect(status).toMatchObject({ remindAfterDays: 3, autoRemind: false });
    expect(status.rows.map((r) => [r.email, r.role, r.via, r.generated, r.chosen, r.joinedAt !== null, r.invitedAt !== null])).toEqual([
      [owner.user.email, "owner", "owner", 0, false, true, false],
      [chooser.user.email, "member", "invitation", 2, true, true, true],
      [generator.user.email, "member", "invitation", 1, false, true, true],
      [invited, null, null, 0, false, false, true],
    ]);

    const res = await client.team["status.csv"].$get({}, { headers: owner.auth });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="acme-status.csv"');
    const rows = parse(await res.text()) as string[][];
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Status",
      "Joined via",
      "Invited at",
      "Joined at",
      "Headshots generated",
      "Photo chosen",
      "Last reminder",
      "Reminders",
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[6], r[7], r[9]])).toEqual([
      ["Test User", owner.user.email, "Joined", "Owner", "0", "no", "0"],
      ["Test User", chooser.user.email, "Chosen", "Invitation", "2", "yes", "0"],
      ["Test User", generator.user.email, "Generated", "Invitation", "1", "no", "0"],
      // a name that reads as a formula is escaped (OWASP CSV injection)
      [`'=HYPERLINK("x")`, invited, "Invited", "", "0", "no", "0"],
    ]);
    expect(rows[4]![4]).toMatch(/^\d{4}-\d\d-\d\dT/);

    // a French owner's file speaks French (issue 50): the account's language, or this browser's choice
    expect((await client.account.profile.$patch({ json: { locale: "fr" } }, { headers: owner.auth })).status).toBe(200);
    const french = parse(await (await client.team["status.csv"].$get({}, { headers: owner.auth })).text()) as string[][];
    expect(french[0]).toEqual([
      "Nom",
      "E-mail",
      "Statut",
      "Arrivé par",
      "Invité le",
      "Arrivé le",
      "Portraits générés",
      "Photo choisie",
      "Dernier rappel",
      "Rappels",
    ]);
    expect(french.slice(1, 3).map((r) => [r[2], r[3], r[7]])).toEqual([
      ["Arrivé", "Propriétaire", "non"],
      ["Choisie", "Invitation", "oui"],
    ]);
    const german = await client.team["status.csv"].$get({}, { headers: { ...owner.auth, Cookie: "locale=de" } });
    expect((parse(await german.text()) as string[][])[0]!.slice(0, 3)).toEqual(["Name", "E-Mail", "Stand"]);

    const member = generator;
    expect((await client.team.status.$get({}, { headers: member.auth })).status).toBe(403);
    expect((await client.team["status.csv"].$get({}, { headers: (await createTestUser()).auth })).status).toBe(404);
  });
});

describe("reminders", () => {
  it("one click reminds members without a photo N days after joining, once a week at most", async () => {
    const { owner } = await teamWithSeats(5);
    const late = await joinedMember(owner);
    const recent = await joinedMember(owner);
    const chose = await joinedMember(owner);
    await joinedDaysAgo(late.user.id, 4);
    await joinedDaysAgo(chose.user.id, 10);
    const photo = await finishedHeadshot(chose.user.id);
    await client.team.photo.$put({ json: { headshotId: photo } }, { headers: chose.auth });

    expect(await (await remind(owner.auth)).json()).toEqual({ reminded: [late.user.email] });
    const [mail] = await mailsTo(late.user.email);
    expect(mail!.subject).toBe("Acme is waiting for your team photo");
    expect(mail!.links.some((l) => l.endsWith("/dashboard"))).toBe(true);
    for (const p of [recent, chose, owner]) expect(await mailsTo(p.user.email)).toEqual([]);

    // again at once: nobody (the week has not passed); one person by name: still not within the week
    expect(await (await remind(owner.auth)).json()).toEqual({ reminded: [] });
    expect(await (await remind(owner.auth, late.user.id)).json()).toEqual({ reminded: [] });
    // one click on a recent member's row reminds them (N days is for "everyone due")
    expect(await (await remind(owner.auth, recent.user.id)).json()).toEqual({ reminded: [recent.user.email] });
    // a week later, the late one is due again
    await remindedDaysAgo(late.user.id, 7);
    expect(await (await remind(owner.auth)).json()).toEqual({ reminded: [late.user.email] });
    expect(await mailsTo(late.user.email)).toHaveLength(2);
    const status = await (await client.team.status.$get({}, { headers: owner.auth })).json();
    expect(status.rows.find((r) => r.email === late.user.email)).toMatchObject({ reminderCount: 2 });
  });

  it("two clicks at once mail a person once", async () => {
    const { owner } = await teamWithSeats(3);
    const late = await joinedMember(owner);
    await joinedDaysAgo(late.user.id, 5);
    const answers = await Promise.all([remind(owner.auth), remind(owner.auth), remind(owner.auth)]);
    const reminded = (await Promise.all(answers.map((a) => a.json()))).flatMap((b) => b.reminded);
    expect(reminded).toEqual([late.user.email]);
    expect(await mailsTo(late.user.email)).toHaveLength(1);
  });

  it("clicks are limited to 10 an hour per team; only the owner may click", async () => {
    const { owner } = await teamWithSeats(2);
    const member = await joinedMember(owner);
    expect((await remind(member.auth)).status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await remind(owner.auth)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("N days and the weekly reminder are the owner's settings; the cron reminds only teams that asked", async () => {
    const asked = await teamWithSeats(3);
    const notAsked = await teamWithSeats(3);
    const a = await joinedMember(asked.owner);
    const b = await joinedMember(notAsked.owner);
    await joinedDaysAgo(a.user.id, 6);
    await joinedDaysAgo(b.user.id, 6);
    const saved = await client.team.reminders.$patch({ json: { remindAfterDays: 5, autoRemind: true } }, { headers: asked.owner.auth });
    expect(await saved.json()).toEqual({ remindAfterDays: 5, autoRemind: true });
    for (const body of [{ remindAfterDays: 0 }, { remindAfterDays: 31 }, { autoRemind: "yes" }])
      expect((await send("PATCH", "/api/team/reminders", asked.owner.auth, body)).status).toBe(400);

    // the job runs in the first minutes of each hour
    await runJob(reminderJob.run, new Date("2026-01-05T10:30:00Z"));
    expect(await mailsTo(a.user.email)).toEqual([]);
    await runJob(reminderJob.run, new Date("2026-01-05T11:00:00Z"));
    expect(await mailsTo(a.user.email)).toHaveLength(1);
    expect(await mailsTo(b.user.email)).toEqual([]);
    // an hour later: not again within the week
    await runJob(reminderJob.run, new Date("2026-01-05T12:00:00Z"));
    expect(await mailsTo(a.user.email)).toHaveLength(1);
    await remindedDaysAgo(a.user.id, 8);
    await runJob(reminderJob.run, new Date("2026-01-05T13:00:00Z"));
    expect(await mailsTo(a.user.email)).toHaveLength(2);
  });
});
