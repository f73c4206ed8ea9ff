/**
 * The teams area's public module (issue 25): `/api/team` and what other areas ask of a team. A member's
 * paid seat is answered through worker/credits (allowanceOf), the team's subscription by worker/billing.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { teamMembers, teams } from "../../db/schema";
import type { StyleId } from "../../domain/styles";
import { STYLE_IDS } from "../../domain/styles";
import { TEAM_MESSAGES } from "../../domain/teams";
import { conflict, notFound } from "../lib";

export { teamRoutes } from "./routes";
export { sendDueReminders } from "./status";

/** The brand look the caller generates in as a member of their team: 404 outside a team, 409 before the owner picked one. */
export async function teamLookOf(db: Db, userId: string): Promise<{ style: StyleId; brandColor: string }> {
  const [row] = await db
    .select({ style: teams.style, brandColor: teams.brandColor })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.notInTeam);
  const style = STYLE_IDS.find((s) => s === row.style);
  if (!style || !row.brandColor) throw conflict("The team's owner hasn't chosen the team look yet.");
  return { style, brandColor: row.brandColor };
}
