/** /api/team — Status at a glance (`/status`) and the same as CSV (`/status.csv`): everyone invited or in the team, and how far they got. */
import { fileStem } from "../../../domain/downloads";
import type { ApiTeamStatus } from "../../../domain/team-api";
import { answerLocale, requireUser } from "../../lib";
import type { AppEnv } from "../../env";
import { statusCsv, teamStatus } from "../status";
import { ownerTeam } from "../team";
import { Hono } from "hono";

export const statusRoutes = new Hono<AppEnv>()
  /** Status at a glance: everyone invited or in the team, and how far they got. */
  .get("/status", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: ApiTeamStatus = await teamStatus(c.var.db, team);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .get("/status.csv", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    // the headers and words in the owner's language: this browser's choice, else the account's, else Accept-Language
    const body = statusCsv(await teamStatus(c.var.db, team), await answerLocale(c));
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileStem(team.name, "team")}-status.csv"`,
      "Cache-Control": "no-store",
    });
  });
