/**
 * Seats: who takes one. Every member (the owner too) takes a seat, and every open invitation (neither
 * accepted nor revoked nor expired) holds one until it is used (decision 142), so invitations never
 * exceed the free seats. Writers that add either lock the team's row first (`lockTeam`), so concurrent
 * invitations and acceptances are counted one after another.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { teamInvitations, teamMembers, teams } from "../../db/schema";

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
