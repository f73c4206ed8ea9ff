/**
 * Capture links (issue 37, decision 220): the owner makes a link for a channel like Slack, limited to the
 * team's email domain(s), to `maxJoins` people and to an expiry; it can be revoked. Only the token's
 * SHA-256 is stored (the owner copies the link once, when it is made). Anyone signed in with a verified
 * address at an allowed domain (exact match) joins. Joining locks the team's row first, like accepting an
 * invitation, so concurrent joins are counted one after another: never more people than the link's cap,
 * and never more members plus open invitations than the seats paid for.
 */
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { teamCaptureLinks, teamInvitations, teamMembers, teamRemovals, teams, users, type Team } from "../../db/schema";
import { CAPTURE_MESSAGES, domainAllowed } from "../../domain/team-capture";
import { TEAM_MESSAGES } from "../../domain/teams";
import type { ApiCaptureLink, ApiCapturePreview } from "../../domain/team-api";
import { randomToken, sha256 } from "../auth";
import { seatsToFill, teamSubscriptionOf } from "../billing";
import { conflict, forbidden, notFound, gone, emailUnverified, said } from "../lib";
import { m } from "../../copy";
import { joinUnderLock, openInvitation, seatsTaken } from "./seats";

const invalidLink = () => gone(CAPTURE_MESSAGES.linkInvalid, "link_invalid");

const openLink = and(isNull(teamCaptureLinks.revokedAt), gt(teamCaptureLinks.expiresAt, sql`now()`));

/** Makes a link; answers the token once (it is not kept). 409 while the team has no paid seat. */
export async function createCaptureLink(
  db: Db,
  team: Team,
  createdBy: string,
  input: { domains: string[]; maxJoins: number; expiresInDays: number },
): Promise<{ id: string; token: string }> {
  if (seatsToFill(await teamSubscriptionOf(db, team.id)) === 0) throw conflict(TEAM_MESSAGES.noTeamSubscription, "team_not_paid");
  const token = randomToken();
  const [row] = await db
    .insert(teamCaptureLinks)
    .values({
      teamId: team.id,
      tokenHash: await sha256(token),
      domains: [...new Set(input.domains)],
      maxJoins: input.maxJoins,
      createdBy,
      expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
    })
    .returning({ id: teamCaptureLinks.id });
  return { id: row!.id, token };
}

/** The team's links, newest first, each with who joined through it. */
export async function captureLinksOf(db: Db, teamId: string): Promise<ApiCaptureLink[]> {
  const links = await db
    .select({
      id: teamCaptureLinks.id,
      domains: teamCaptureLinks.domains,
      maxJoins: teamCaptureLinks.maxJoins,
      admitted: teamCaptureLinks.admitted,
      expiresAt: teamCaptureLinks.expiresAt,
      revokedAt: teamCaptureLinks.revokedAt,
      createdAt: teamCaptureLinks.createdAt,
      expired: sql<boolean>`${teamCaptureLinks.expiresAt} <= now()`,
    })
    .from(teamCaptureLinks)
    .where(eq(teamCaptureLinks.teamId, teamId))
    .orderBy(desc(teamCaptureLinks.createdAt));
  const joined = await db
    .select({ linkId: teamMembers.captureLinkId, userId: users.id, email: users.email, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), sql`${teamMembers.captureLinkId} is not null`))
    .orderBy(asc(teamMembers.joinedAt));
  return links.map((l) => {
    const people = joined.filter((j) => j.linkId === l.id);
    // full once it has let in its cap, whoever has left or been removed since (issue 46)
    const status = l.revokedAt ? "revoked" : l.expired ? "expired" : l.admitted >= l.maxJoins ? "full" : "open";
    return {
      id: l.id,
      domains: l.domains,
      maxJoins: l.maxJoins,
      expiresAt: l.expiresAt.toISOString(),
      createdAt: l.createdAt.toISOString(),
      status,
      joined: people.map((p) => ({ userId: p.userId, email: p.email, joinedAt: p.joinedAt.toISOString() })),
    };
  });
}

/** Revokes a link of the team: it stops working at once; people who joined stay. */
export async function revokeCaptureLink(db: Db, teamId: string, linkId: string): Promise<void> {
  const rows = await db
    .update(teamCaptureLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(teamCaptureLinks.id, linkId), eq(teamCaptureLinks.teamId, teamId), isNull(teamCaptureLinks.revokedAt)))
    .returning({ id: teamCaptureLinks.id });
  if (rows.length === 0) throw notFound(said(m.errors_capture_link_not_found));
}

/** What the link's page shows before joining: the team and the domains; 410 when it no longer works. */
export async function capturePreview(db: Db, token: string): Promise<ApiCapturePreview> {
  const [row] = await db
    .select({
      teamName: teams.name,
      domains: teamCaptureLinks.domains,
      maxJoins: teamCaptureLinks.maxJoins,
      admitted: teamCaptureLinks.admitted,
    })
    .from(teamCaptureLinks)
    .innerJoin(teams, eq(teams.id, teamCaptureLinks.teamId))
    .where(and(eq(teamCaptureLinks.tokenHash, await sha256(token)), openLink))
    .limit(1);
  if (!row || row.admitted >= row.maxJoins) throw invalidLink();
  return { teamName: row.teamName, domains: row.domains };
}

/**
 * Joins the caller to the link's team: a verified address at one of its domains, in no team yet, while
 * the link is open and below its cap and a paid seat is free (members plus open invitations).
 */
export async function joinByCaptureLink(db: Db, userId: string, token: string): Promise<{ teamId: string; teamName: string }> {
  const tokenHash = await sha256(token);
  const [found] = await db
    .select({ teamId: teamCaptureLinks.teamId })
    .from(teamCaptureLinks)
    .where(eq(teamCaptureLinks.tokenHash, tokenHash))
    .limit(1);
  return joinUnderLock(db, userId, {
    teamId: found?.teamId,
    invalid: invalidLink,
    alreadyInTeam: (same) => (same ? CAPTURE_MESSAGES.sameTeam : CAPTURE_MESSAGES.otherTeam),
    noSeat: CAPTURE_MESSAGES.noSeat,
    admit: async (tx, team, me) => {
      const [link] = await tx
        .select({
          id: teamCaptureLinks.id,
          domains: teamCaptureLinks.domains,
          maxJoins: teamCaptureLinks.maxJoins,
          admitted: teamCaptureLinks.admitted,
        })
        .from(teamCaptureLinks)
        .where(and(eq(teamCaptureLinks.tokenHash, tokenHash), openLink));
      if (!link) throw invalidLink();
      if (!domainAllowed(me.email, link.domains)) throw forbidden(CAPTURE_MESSAGES.wrongDomain(link.domains), "wrong_address");
      if (!me.verifiedAt) throw emailUnverified(CAPTURE_MESSAGES.unverified);
      // someone the owner removed comes back only by the owner's invitation (issue 46)
      const [removed] = await tx
        .select({ at: teamRemovals.removedAt })
        .from(teamRemovals)
        .where(and(eq(teamRemovals.teamId, team.id), eq(teamRemovals.userId, me.id)));
      if (removed) throw forbidden(CAPTURE_MESSAGES.removed);
      return {
        captureLinkId: link.id,
        seats: async () => {
          // the cap counts admissions, not who is still in: a link capped at 1 lets one person in, once
          if (link.admitted >= link.maxJoins) throw invalidLink();
          await tx
            .update(teamCaptureLinks)
            .set({ admitted: sql`${teamCaptureLinks.admitted} + 1` })
            .where(eq(teamCaptureLinks.id, link.id));
          // an open invitation to this address already holds a seat: joining uses it
          const [invited] = await tx
            .select({ id: teamInvitations.id })
            .from(teamInvitations)
            .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, me.email), openInvitation));
          const taken = await seatsTaken(tx, team.id);
          return { invitationId: invited?.id ?? null, needed: taken.members + taken.invited - (invited ? 1 : 0) + 1 };
        },
      };
    },
  });
}
