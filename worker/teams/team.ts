/**
 * A team and who may act on it. Every function takes the caller's user id and finds "my team" in SQL
 * (team_members is keyed by the user), so no route ever reads a team by an id the client sent: another
 * team's owner can name nothing of ours. `ownerTeam` answers 404 outside any team and 403 to a member.
 */
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { teamInvitations, teamMembers, teamRemovals, teams, users, type Team } from "../../db/schema";
import { TEAM_MESSAGES, normalizeBrandColor, type Outfit, type ProfileTemplate, type TeamRole } from "../../domain/teams";
import type { ApiMyTeam, ApiTeamLook, ApiTeamShoot } from "../../domain/team-api";
import { hasActiveSubscription, seatsToFill, teamSubscriptionOf } from "../billing";
import { isUniqueViolation, conflict, forbidden, notFound, emailUnverified, said } from "../lib";
import { m } from "../../copy";
import { openInvitation, seatsTaken } from "./seats";

export interface Membership {
  team: Team;
  role: TeamRole;
  chosenHeadshotId: string | null;
}

export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role, chosenHeadshotId: teamMembers.chosenHeadshotId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The team the caller owns: 404 outside any team, 403 for a member who is not its owner. */
export async function ownerTeam(db: Db, userId: string): Promise<Team> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  if (membership.role !== "owner" || membership.team.ownerUserId !== userId) throw forbidden(TEAM_MESSAGES.ownerOnly, "team_owner_only");
  return membership.team;
}

/**
 * The caller's team, for inviting people or previewing a list (issue 46): only its owner, with a verified
 * address, while the team's plan is paid (entitled). Anything less could probe addresses for free.
 */
export async function inviterTeam(db: Db, userId: string): Promise<Team> {
  const team = await ownerTeam(db, userId);
  const [me] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!me?.verifiedAt) throw emailUnverified(TEAM_MESSAGES.verifyBeforeInviting);
  if (!(await teamSubscriptionOf(db, team.id))?.entitled) throw conflict(TEAM_MESSAGES.inviteNeedsPaidTeam, "team_not_paid");
  return team;
}

/** Creates a team owned (and joined) by the caller; 409 when they are already in one. */
export async function createTeam(db: Db, userId: string, name: string): Promise<Team> {
  try {
    return await db.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values({ name, ownerUserId: userId }).returning();
      await tx.insert(teamMembers).values({ userId, teamId: team!.id, role: "owner" });
      return team!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TEAM_MESSAGES.alreadyInTeam, "already_in_team");
    throw err;
  }
}

export interface TeamChange {
  name?: string;
  style?: string;
  brandColor?: string;
  /** null: the style's own clothing. */
  outfit?: Outfit | null;
  /** null: no template. */
  template?: ProfileTemplate | null;
}

export async function updateTeam(db: Db, teamId: string, change: TeamChange): Promise<Team> {
  const { template } = change;
  const [team] = await db
    .update(teams)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.style !== undefined ? { style: change.style } : {}),
      ...(change.brandColor !== undefined ? { brandColor: normalizeBrandColor(change.brandColor) } : {}),
      ...(change.outfit !== undefined ? { outfit: change.outfit } : {}),
      ...(template !== undefined
        ? { templateShape: template?.shape ?? null, templateSize: template?.size ?? null, templateBorder: template?.border ?? null }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(teams.id, teamId))
    .returning();
  if (!team) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  return team;
}

export const lookOf = (team: Pick<Team, "style" | "brandColor">): ApiTeamLook | null =>
  team.style && team.brandColor ? { style: team.style, brandColor: team.brandColor } : null;

export const templateOf = (team: Pick<Team, "templateShape" | "templateSize" | "templateBorder">): ProfileTemplate | null =>
  team.templateShape && team.templateSize !== null && team.templateBorder !== null
    ? { shape: team.templateShape as ProfileTemplate["shape"], size: team.templateSize, border: team.templateBorder } // the check constraint keeps the shape
    : null;

export const shootOf = (team: Team): ApiTeamShoot => ({
  backdrop: team.backdropKey ? "photo" : "color",
  outfit: team.outfit as Outfit | null, // the check constraint keeps the values
  template: templateOf(team),
});

export const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email.split("@")[0]!;

/** GET /api/team: the owner's full view, a member's short one, or null. */
export async function myTeam(db: Db, userId: string): Promise<ApiMyTeam | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const { team } = membership;
  const sub = await teamSubscriptionOf(db, team.id);
  const ownPlanNotNeeded = (sub?.entitled ?? false) && (await hasActiveSubscription(db, userId));
  const head = { id: team.id, name: team.name, look: lookOf(team), shoot: shootOf(team) };
  // the team's Team plan is alive at Stripe: it covers everyone in the team, so no plan of their own is sold to them (decision 212)
  const covered = sub?.live ?? false;
  if (membership.role !== "owner") {
    return {
      role: "member",
      team: head,
      covered,
      entitled: sub?.entitled ?? false,
      myChosenHeadshotId: membership.chosenHeadshotId,
      ownPlanNotNeeded,
    };
  }
  const members = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      chosen: teamMembers.chosenHeadshotId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(desc(sql`${teamMembers.role} = 'owner'`), asc(teamMembers.joinedAt));
  const invitations = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      expiresAt: teamInvitations.expiresAt,
      sentAt: teamInvitations.sentAt,
      resentCount: teamInvitations.resentCount,
      open: sql<boolean>`${openInvitation}`,
    })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, team.id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .orderBy(asc(teamInvitations.createdAt));
  const taken = await seatsTaken(db, team.id);
  return {
    role: "owner",
    team: head,
    covered,
    subscription: sub && {
      status: sub.status,
      seats: sub.seats,
      scheduledSeats: sub.scheduledSeats,
      scheduledAt: sub.scheduledAt?.toISOString() ?? null,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      entitled: sub.entitled,
      live: sub.live,
      seatCents: Math.round(sub.amountCents / sub.seats),
    },
    seats: { paid: seatsToFill(sub), used: taken.members, invited: taken.invited },
    members: members.map((m) => ({
      userId: m.userId,
      email: m.email,
      name: displayName(m),
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      hasChosenPhoto: m.chosen !== null,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      status: i.open ? "invited" : "expired",
      expiresAt: i.expiresAt.toISOString(),
      sentAt: i.sentAt.toISOString(),
      resentCount: i.resentCount,
    })),
    myChosenHeadshotId: membership.chosenHeadshotId,
    ownPlanNotNeeded,
  };
}

/** Removes a member (not the owner) of the caller's team: their account and photos stay theirs. */
export async function removeMember(db: Db, teamId: string, memberId: string): Promise<void> {
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId), ne(teamMembers.role, "owner")))
    .returning({ userId: teamMembers.userId });
  if (removed.length === 0) throw notFound(said(m.errors_team_no_such_member));
  // a capture link does not let them back in; the owner's invitation does (issue 46)
  await db
    .insert(teamRemovals)
    .values({ teamId, userId: memberId })
    .onConflictDoUpdate({ target: [teamRemovals.teamId, teamRemovals.userId], set: { removedAt: sql`now()` } });
}

/** A member leaves their team (the owner closes it instead). */
export async function leaveTeam(db: Db, userId: string): Promise<void> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  if (membership.role === "owner") throw conflict(said(m.errors_team_owner_cannot_leave));
  await db.delete(teamMembers).where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "member")));
}

/**
 * Whether the team may be closed: not while its subscription is live and still renewing (cancel it
 * first, decision 141). Answers the live, cancelled subscription that closing then ends at once.
 */
export async function closable(db: Db, teamId: string): Promise<{ endNow: string | null }> {
  const sub = await teamSubscriptionOf(db, teamId);
  if (sub?.live && !sub.cancelAtPeriodEnd) throw conflict(said(m.errors_team_cancel_before_closing));
  return { endNow: sub?.live ? sub.stripeSubscriptionId : null };
}

/** Deletes the team, its memberships and invitations; members keep their accounts and photos. */
export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}
