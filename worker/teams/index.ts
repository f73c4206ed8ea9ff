/**
 * The teams area's public module (issue 25): `/api/team` and what other areas ask of a team. A member's
 * paid seat is answered through worker/credits (allowanceOf), the team's subscription by worker/billing.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { teamMembers, teams } from "../../db/schema";
import type { StyleId } from "../../domain/styles";
import { STYLE_IDS } from "../../domain/styles";
import { TEAM_MESSAGES, type Outfit } from "../../domain/teams";
import type { DownloadOptions } from "../../domain/downloads";
import { conflict, notFound, said } from "../lib";
import { m } from "../../copy";
import { membershipOf } from "./team";
import { teamTemplateOptions } from "./template";

export { teamRoutes } from "./routes";
export { sendDueReminders } from "./status";
export { setBackdrop } from "./backdrop";
export { ownerTeam } from "./team";
export { templateQuery } from "./template";

/**
 * The team look the caller generates in as a member of their team: its style and brand colour, and the
 * team's shoot (issue 37): the backdrop photo's key (null: the colour is the backdrop) and the outfit rule.
 * 404 outside a team, 409 before the owner picked a style and colour.
 */
export async function teamLookOf(
  db: Db,
  userId: string,
): Promise<{ style: StyleId; brandColor: string; backdropKey: string | null; outfit: Outfit | null }> {
  const [row] = await db
    .select({ style: teams.style, brandColor: teams.brandColor, backdropKey: teams.backdropKey, outfit: teams.outfit })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  const style = STYLE_IDS.find((s) => s === row.style);
  if (!style || !row.brandColor) throw conflict(said(m.errors_team_look_missing), "team_look_missing");
  return { style, brandColor: row.brandColor, backdropKey: row.backdropKey, outfit: row.outfit as Outfit | null };
}

/** The download options of the caller's team's profile-picture template: 404 outside a team, 409 without a template. */
export async function teamTemplateFor(db: Db, userId: string): Promise<DownloadOptions> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  return teamTemplateOptions(membership.team);
}
