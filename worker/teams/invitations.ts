/**
 * Invitations by email (issue 25, decision 142): one link each (only its SHA-256 is stored), single use,
 * expiring TEAM_INVITATION_DAYS after it was sent or re-sent, revocable, re-sendable (a new link; the old
 * one stops working). An open invitation holds a seat, so invitations never exceed the free seats; both
 * inviting and accepting lock the team's row first, so concurrent calls are counted one after another.
 * Accepting needs the caller signed in with the invited address and in no team yet (team_members is
 * keyed by the user: a person belongs to at most one team, even when two teams' invitations race).
 */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { teamInvitations, teamMembers, teamRemovals, teams, users, type Team } from "../../db/schema";
import { TEAM_INVITATION_DAYS, TEAM_MESSAGES } from "../../domain/teams";
import { randomToken, sha256 } from "../auth";
import { isUniqueViolation, conflict, forbidden, notFound, gone, said } from "../lib";
import { m } from "../../copy";
import { joinUnderLock, lockTeam, openInvitation, seatsTaken } from "./seats";
import { seatsToFill, teamSubscriptionOf } from "../billing";

const expiry = sql`now() + make_interval(days => ${TEAM_INVITATION_DAYS})`;
const invalidLink = () => gone(TEAM_MESSAGES.invitationInvalid, "link_invalid");

export interface IssuedInvitation {
  id: string;
  email: string;
  token: string;
  teamName: string;
}

/** Invites `email` (with the name a list gave, issue 37) to the team: 409 when no seat is free, the address is a member, or already invited. */
export async function invite(db: Db, team: Team, invitedBy: string, email: string, name: string | null = null): Promise<IssuedInvitation> {
  const token = randomToken();
  const tokenHash = await sha256(token);
  try {
    const id = await db.transaction(async (tx) => {
      if (!(await lockTeam(tx, team.id))) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
      const [member] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(users.email, email), eq(teamMembers.teamId, team.id)))
        .limit(1);
      if (member) throw conflict(said(m.errors_team_member_already, { email }), "already_in_team");
      // Someone in another team is invited like anyone else and told at acceptance that they are in a team
      // already: the answer here must not say who is in another team (issue 46).
      // an expired invitation to the same address makes way for the new one
      await tx
        .update(teamInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(teamInvitations.teamId, team.id),
            eq(teamInvitations.email, email),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
            lte(teamInvitations.expiresAt, sql`now()`),
          ),
        );
      const [open] = await tx
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, email), openInvitation))
        .limit(1);
      if (open) throw conflict(said(m.errors_team_already_invited, { email }));
      const taken = await seatsTaken(tx, team.id);
      if (taken.members + taken.invited >= seatsToFill(await teamSubscriptionOf(tx, team.id)))
        throw conflict(TEAM_MESSAGES.noFreeSeats, "no_free_seats");
      const [row] = await tx
        .insert(teamInvitations)
        .values({ teamId: team.id, email, name, tokenHash, invitedBy, expiresAt: expiry })
        .returning({ id: teamInvitations.id });
      return row!.id;
    });
    return { id, email, token, teamName: team.name };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(said(m.errors_team_already_invited, { email }));
    throw err;
  }
}

/**
 * A new link for an invitation of the caller's team that is neither accepted nor revoked (an expired
 * one opens again when a seat is free): the old link stops working, the 7 days start again.
 */
export async function resend(db: Db, team: Team, invitationId: string): Promise<IssuedInvitation> {
  const token = randomToken();
  const tokenHash = await sha256(token);
  const email = await db.transaction(async (tx) => {
    if (!(await lockTeam(tx, team.id))) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
    const [inv] = await tx
      .select({ email: teamInvitations.email, open: sql<boolean>`${openInvitation}` })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.teamId, team.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      );
    if (!inv) throw notFound(said(m.errors_team_no_such_invitation));
    if (!inv.open) {
      const taken = await seatsTaken(tx, team.id);
      if (taken.members + taken.invited >= seatsToFill(await teamSubscriptionOf(tx, team.id)))
        throw conflict(TEAM_MESSAGES.noFreeSeats, "no_free_seats");
    }
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt: expiry, sentAt: sql`now()`, resentCount: sql`${teamInvitations.resentCount} + 1` })
      .where(eq(teamInvitations.id, invitationId));
    return inv.email;
  });
  return { id: invitationId, email, token, teamName: team.name };
}

/** Revokes an invitation of the caller's team that is not yet accepted: its link stops working, its seat is free. */
export async function revoke(db: Db, teamId: string, invitationId: string): Promise<void> {
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (rows.length === 0) throw notFound(said(m.errors_team_no_such_invitation));
}

/** What the invitation page shows: the team's name and the invited address; 410 for a link that no longer works. */
export async function preview(db: Db, token: string): Promise<{ teamName: string; email: string }> {
  const [row] = await db
    .select({ teamName: teams.name, email: teamInvitations.email })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.tokenHash, await sha256(token)), openInvitation))
    .limit(1);
  if (!row) throw invalidLink();
  return row;
}

/** Joins the team of the invitation: exactly one join per link, never beyond the seats paid for. */
export async function accept(db: Db, userId: string, token: string): Promise<{ teamId: string; teamName: string }> {
  const tokenHash = await sha256(token);
  const [found] = await db
    .select({ teamId: teamInvitations.teamId })
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, tokenHash))
    .limit(1);
  return joinUnderLock(db, userId, {
    teamId: found?.teamId,
    invalid: invalidLink,
    alreadyInTeam: () => TEAM_MESSAGES.alreadyInTeam,
    noSeat: TEAM_MESSAGES.noFreeSeats,
    admit: async (tx, team, me) => {
      const [inv] = await tx
        .select({ id: teamInvitations.id, email: teamInvitations.email })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.tokenHash, tokenHash), openInvitation));
      if (!inv) throw invalidLink();
      if (me.email !== inv.email) throw forbidden(TEAM_MESSAGES.invitationOtherAddress, "wrong_address");
      // the owner invited them: a removal no longer keeps them out (it is undone with the join if that fails)
      await tx.delete(teamRemovals).where(and(eq(teamRemovals.teamId, team.id), eq(teamRemovals.userId, me.id)));
      return {
        captureLinkId: null,
        // The invitation held a seat; the seats may have been lowered since (at Stripe, say): count again.
        seats: async () => ({ invitationId: inv.id, needed: (await seatsTaken(tx, team.id)).members + 1 }),
      };
    },
  });
}
