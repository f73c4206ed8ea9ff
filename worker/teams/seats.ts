/**
 * Seats: who takes one. Every member (the owner too) takes a seat, and every open invitation (neither
 * accepted nor revoked nor expired) holds one until it is used (decision 142), so invitations never
 * exceed the free seats. Writers that add either lock the team's row first (`lockTeam`), so concurrent
 * invitations and acceptances are counted one after another.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { teamInvitations, teamMembers, teams, users, type Team } from "../../db/schema";
import { holdSeatCut, restoreSeatCut, seatsToFill, teamSubscriptionOf } from "../billing";
import { TEAM_MESSAGES } from "../../domain/teams";
import { type ApiError, conflict, isUniqueViolation, notFound, said } from "../lib";
import { m } from "../../copy";

/** The condition of an open invitation. */
export const openInvitation = and(
  isNull(teamInvitations.acceptedAt),
  isNull(teamInvitations.revokedAt),
  gt(teamInvitations.expiresAt, sql`now()`),
);

export interface SeatsTaken {
  members: number;
  invited: number;
}

export async function seatsTaken(db: Db | Tx, teamId: string): Promise<SeatsTaken> {
  const [row] = await db
    .select({
      members: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`,
      invited: sql<number>`(select count(*)::int from ${teamInvitations} where ${teamInvitations.teamId} = ${teamId} and ${openInvitation})`,
    })
    .from(sql`(select 1) as one`);
  return { members: Number(row?.members ?? 0), invited: Number(row?.invited ?? 0) };
}

/** The seats a subscription must pay for: the members present plus the invitations still open. */
export async function seatsInUse(db: Db | Tx, teamId: string): Promise<number> {
  const { members, invited } = await seatsTaken(db, teamId);
  return members + invited;
}

/** Locks the team's row for the rest of the transaction; null when there is no such team. */
export async function lockTeam(tx: Tx, teamId: string) {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for("update");
  return team ?? null;
}

/**
 * Reserves a cut to `seats` from `at` (issue 46): under the team's lock, so joins and invitations in flight are
 * counted first and those after it see the cut; refused (409) below the members plus open invitations; held on
 * the team's subscription row until Stripe confirms it, and given back by `undo` when Stripe refuses it.
 */
export async function reserveSeatCut(db: Db, teamId: string, seats: number, at: Date): Promise<{ undo: () => Promise<void> }> {
  const before = await db.transaction(async (tx) => {
    if (!(await lockTeam(tx, teamId))) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
    if (seats < (await seatsInUse(tx, teamId))) throw conflict(TEAM_MESSAGES.seatsBelowMembers);
    return holdSeatCut(tx, teamId, seats, at);
  });
  return {
    undo: () =>
      db.transaction(async (tx) => {
        await lockTeam(tx, teamId);
        await restoreSeatCut(tx, teamId, before);
      }),
  };
}

/** What a way into a team (an invitation, a capture link) checks and uses, for `joinUnderLock`. */
export interface WayIn {
  /** the team the token leads to, looked up before the lock; undefined when none */
  teamId: string | undefined;
  /** the error for a link that does not (or no longer) work */
  invalid: () => ApiError;
  /** why someone already in a team cannot join (`same`: this very team) */
  alreadyInTeam: (same: boolean) => string;
  /** no seat free for one more member */
  noSeat: string;
  /**
   * Under the team's lock, before the "already in a team" check: the way in is still open to this person
   * (else it throws). Answers the capture link to record on the member's row, if any, and what is checked
   * after that check: the open invitation the join uses (it held a seat; marked accepted) and the seats the
   * team needs with the person in.
   */
  admit: (
    tx: Tx,
    team: Team,
    me: { id: string; email: string; verifiedAt: Date | null },
  ) => Promise<{
    captureLinkId: string | null;
    seats: () => Promise<{ invitationId: string | null; needed: number }>;
  }>;
}

/**
 * Joins `userId` to a team through a way in (./invitations.ts, ./capture.ts), the team's row locked so
 * concurrent joins and invitations are counted one after another: never more members plus open invitations
 * than the seats paid for. A person is in at most one team: team_members is keyed by the user, so two
 * teams joined at once leave one join refused.
 */
export async function joinUnderLock(db: Db, userId: string, way: WayIn): Promise<{ teamId: string; teamName: string }> {
  if (!way.teamId) throw way.invalid();
  const teamId = way.teamId;
  try {
    return await db.transaction(async (tx) => {
      const team = await lockTeam(tx, teamId);
      if (!team) throw way.invalid();
      const [me] = await tx
        .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!me) throw notFound(said(m.errors_user_not_found), "user_not_found");
      const admitted = await way.admit(tx, team, me);
      const [already] = await tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
      if (already) throw conflict(way.alreadyInTeam(already.teamId === team.id), "already_in_team");
      const { invitationId, needed } = await admitted.seats();
      if (needed > seatsToFill(await teamSubscriptionOf(tx, team.id))) throw conflict(way.noSeat, "no_free_seats");
      await tx.insert(teamMembers).values({ userId, teamId: team.id, role: "member", captureLinkId: admitted.captureLinkId });
      if (invitationId)
        await tx
          .update(teamInvitations)
          .set({ acceptedAt: sql`now()`, acceptedBy: userId })
          .where(eq(teamInvitations.id, invitationId));
      return { teamId: team.id, teamName: team.name };
    });
  } catch (err) {
    // two teams joined at once: the user's row in team_members is taken by the other
    if (isUniqueViolation(err)) throw conflict(way.alreadyInTeam(false), "already_in_team");
    throw err;
  }
}
