/** /api/team/import — Invite a list (decision 221): a preview that sends nothing, then the confirmed import. */
import { answerLocale, requireUser, validate } from "../../lib";
import type { AppEnv } from "../../env";
import { importList, previewList } from "../import";
import { inviterTeam } from "../team";
import { Hono } from "hono";
import { csvField, refuseLargeList, sendInvitation, withinTeamHourly } from "./common";

export const importRoutes = new Hono<AppEnv>()
  /** Invite a list, step 1: what each row is. Sends nothing. */
  .post("/preview", requireUser, validate("json", csvField), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    const { csv } = c.req.valid("json");
    refuseLargeList(csv);
    await withinTeamHourly(db, "team-import-preview", team.id);
    return c.json(await previewList(db, team, csv));
  })

  /** Invite a list, step 2 (confirmed): the ready rows are invited and mailed; refused whole beyond the free seats. */
  .post("/", requireUser, validate("json", csvField), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    const { csv } = c.req.valid("json");
    refuseLargeList(csv);
    await withinTeamHourly(db, "team-import", team.id);
    return c.json(await importList(db, team, c.var.user.id, csv, (issued) => sendInvitation(c, issued), await answerLocale(c)));
  });
