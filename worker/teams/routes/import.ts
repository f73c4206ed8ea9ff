/** /api/team/import — Invite a list (decision 221): a preview that sends nothing, then the confirmed import. */
import { requireUser, enforce, validate } from "../../lib";
import type { AppEnv } from "../../env";
import { importList, previewList } from "../import";
import { inviterTeam } from "../team";
import { Hono } from "hono";
import { IMPORT_PREVIEWS_PER_HOUR, IMPORTS_PER_HOUR, csvField, refuseLargeList, sendInvitation } from "./common";

export const importRoutes = new Hono<AppEnv>()
  /** Invite a list, step 1: what each row is. Sends nothing. */
  .post("/preview", requireUser, validate("json", csvField), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    const { csv } = c.req.valid("json");
    refuseLargeList(csv);
    await enforce(
      db,
      [{ key: `team-import-preview:${team.id}`, limit: IMPORT_PREVIEWS_PER_HOUR, windowSeconds: 3600 }],
      "Too many list previews in an hour. Please wait a little.",
    );
    return c.json(await previewList(db, team, csv));
  })

  /** Invite a list, step 2 (confirmed): the ready rows are invited and mailed; refused whole beyond the free seats. */
  .post("/", requireUser, validate("json", csvField), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    const { csv } = c.req.valid("json");
    refuseLargeList(csv);
    await enforce(
      db,
      [{ key: `team-import:${team.id}`, limit: IMPORTS_PER_HOUR, windowSeconds: 3600 }],
      "Too many list imports in an hour. Please wait a little.",
    );
    return c.json(await importList(db, team, c.var.user.id, csv, (issued) => sendInvitation(c, issued)));
  });
