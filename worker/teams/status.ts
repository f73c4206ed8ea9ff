/**
 * Status at a glance (issue 37): who is invited, who joined (and how), who generated, who chose a team
 * photo — as JSON for /team and as a CSV file. And reminders to members who have not chosen a photo
 * (decision 222): one click from the status list (everyone due, or one person), or weekly by the cron for
 * teams that ask for it. A person gets at most one reminder in REMINDER_GAP_DAYS, whatever asked for it:
 * the claim is one UPDATE … RETURNING, so two clicks (or a click and the cron) never mail someone twice.
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, teamInvitations, teamMembers, teams, users, type Team } from "../../db/schema";
import { REMINDER_GAP_DAYS } from "../../domain/team-capture";
import { appUrl, paths } from "../../domain/paths";
import type { ApiTeamStatus, ApiTeamStatusRow } from "../../domain/team-api";
import { csvText, userLocale } from "../lib";
import { teamPhotoReminderEmail, type Mailer } from "../mail";
import { m, type Locale } from "../../copy";
import { displayName } from "./team";

/** Everyone of the team: members (the owner first), then addresses invited and not joined. */
export async function teamStatus(db: Db, team: Team): Promise<ApiTeamStatus> {
  const generated = db
    .select({ userId: headshots.userId, n: sql<number>`count(*)::int`.as("n") })
    .from(headshots)
    .where(eq(headshots.status, "completed"))
    .groupBy(headshots.userId)
    .as("generated");
  const members = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      chosen: teamMembers.chosenHeadshotId,
      captureLinkId: teamMembers.captureLinkId,
      remindedAt: teamMembers.remindedAt,
      reminderCount: teamMembers.reminderCount,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      generated: sql<number>`coalesce(${generated.n}, 0)`,
      // the invitation they accepted, if any (the newest: someone may have left and been invited again)
      invitedAt:
        sql<Date | null>`(select max(${teamInvitations.sentAt}) from ${teamInvitations} where ${teamInvitations.teamId} = ${team.id} and ${teamInvitations.acceptedBy} = ${teamMembers.userId})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
      invitedName: sql<
        string | null
      >`(select ${teamInvitations.name} from ${teamInvitations} where ${teamInvitations.teamId} = ${team.id} and ${teamInvitations.acceptedBy} = ${teamMembers.userId} and ${teamInvitations.name} is not null order by ${teamInvitations.sentAt} desc limit 1)`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(generated, eq(generated.userId, teamMembers.userId))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(desc(sql`${teamMembers.role} = 'owner'`), asc(teamMembers.joinedAt));
  const invited = await db
    .select({ email: teamInvitations.email, name: teamInvitations.name, sentAt: teamInvitations.sentAt })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, team.id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .orderBy(asc(teamInvitations.createdAt));
  const rows: ApiTeamStatusRow[] = [
    ...members.map((m) => ({
      name: m.firstName || m.lastName ? displayName(m) : (m.invitedName ?? displayName(m)),
      email: m.email,
      userId: m.userId,
      role: m.role,
      invitedAt: m.invitedAt?.toISOString() ?? null,
      joinedAt: m.joinedAt.toISOString(),
      generated: Number(m.generated),
      chosen: m.chosen !== null,
      via: m.role === "owner" ? ("owner" as const) : m.captureLinkId ? ("link" as const) : ("invitation" as const),
      remindedAt: m.remindedAt?.toISOString() ?? null,
      reminderCount: m.reminderCount,
    })),
    ...invited.map((i) => ({
      name: i.name ?? "",
      email: i.email,
      userId: null,
      role: null,
      invitedAt: i.sentAt.toISOString(),
      joinedAt: null,
      generated: 0,
      chosen: false,
      via: null,
      remindedAt: null,
      reminderCount: 0,
    })),
  ];
  return { rows, remindAfterDays: team.remindAfterDays, autoRemind: team.autoRemind };
}

/** The status list as a CSV file in the owner's language (issue 50): one row per person, dates in ISO 8601 UTC. */
export function statusCsv(status: ApiTeamStatus, locale: Locale): string {
  const o = { locale };
  const via = {
    owner: m.team_csv_via_owner({}, o),
    invitation: m.team_csv_via_invitation({}, o),
    link: m.team_csv_via_link({}, o),
  } as const;
  return csvText([
    [
      m.team_csv_name({}, o),
      m.team_csv_email({}, o),
      m.team_csv_status({}, o),
      m.team_csv_via({}, o),
      m.team_csv_invited_at({}, o),
      m.team_csv_joined_at({}, o),
      m.team_csv_generated({}, o),
      m.team_csv_chosen({}, o),
      m.team_csv_reminded_at({}, o),
      m.team_csv_reminders({}, o),
    ],
    ...status.rows.map((r) => [
      r.name,
      r.email,
      r.chosen
        ? m.team_csv_status_chosen({}, o)
        : r.generated > 0
          ? m.team_csv_status_generated({}, o)
          : r.joinedAt
            ? m.team_csv_status_joined({}, o)
            : m.team_csv_status_invited({}, o),
      r.via ? via[r.via] : "",
      r.invitedAt,
      r.joinedAt,
      r.generated,
      r.chosen ? m.team_csv_yes({}, o) : m.team_csv_no({}, o),
      r.remindedAt,
      r.reminderCount,
    ]),
  ]);
}

/**
 * Claims the reminders due now and mails them: members (not the owner) without a chosen photo, not
 * reminded in the last REMINDER_GAP_DAYS; `only` one of them (a click on their row) or everyone who
 * joined at least the team's N days ago. Answers who was reminded.
 */
export async function sendReminders(
  db: Db,
  mailer: Mailer,
  origin: string,
  team: Pick<Team, "id" | "name" | "remindAfterDays">,
  only?: string,
): Promise<string[]> {
  const claimed = await db
    .update(teamMembers)
    .set({ remindedAt: sql`now()`, reminderCount: sql`${teamMembers.reminderCount} + 1` })
    .where(
      and(
        eq(teamMembers.teamId, team.id),
        eq(teamMembers.role, "member"),
        isNull(teamMembers.chosenHeadshotId),
        or(isNull(teamMembers.remindedAt), lte(teamMembers.remindedAt, sql`now() - make_interval(days => ${REMINDER_GAP_DAYS})`)),
        only ? eq(teamMembers.userId, only) : lte(teamMembers.joinedAt, sql`now() - make_interval(days => ${team.remindAfterDays})`),
      ),
    )
    .returning({ userId: teamMembers.userId });
  if (claimed.length === 0) return [];
  const people = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((c) => c.userId),
      ),
    );
  const link = appUrl(origin, paths.dashboard);
  for (const p of people) await mailer.send(teamPhotoReminderEmail(p.email, { teamName: team.name, link }, userLocale(p)));
  return people.map((p) => p.email);
}

/** The cron's weekly reminders: every team that asked for them (decision 222). Answers how many were mailed. */
export async function sendDueReminders(db: Db, mailer: Mailer, appUrl: string): Promise<number> {
  const due = await db
    .select({ id: teams.id, name: teams.name, remindAfterDays: teams.remindAfterDays })
    .from(teams)
    .where(
      and(
        eq(teams.autoRemind, true),
        sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.role} = 'member' and ${teamMembers.chosenHeadshotId} is null)`,
      ),
    );
  let sent = 0;
  for (const team of due) sent += (await sendReminders(db, mailer, appUrl, team)).length;
  return sent;
}

/** The owner's reminder settings. */
export async function setReminders(db: Db, teamId: string, change: { remindAfterDays?: number; autoRemind?: boolean }) {
  const [team] = await db
    .update(teams)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(teams.id, teamId))
    .returning({ remindAfterDays: teams.remindAfterDays, autoRemind: teams.autoRemind });
  return team!;
}
