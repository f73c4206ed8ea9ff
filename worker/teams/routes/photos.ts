/** /api/team — Team photos: a member's chosen photo (`/photo`), the owner's grid (`/grid`) and the grid as one ZIP (`/zip`). */
import { z } from "zod";
import { fileStem } from "../../../domain/downloads";
import type { ApiTeamGridEntry } from "../../../domain/team-api";
import { requireUser, conflict, said, validate } from "../../lib";
import { m } from "../../../copy";
import { headshotZipResponse, downloadQuery, normaliseDownload, refuseZipBeyondRate } from "../../downloads";
import type { AppEnv } from "../../env";
import { refuseDownloadBeyondPlan } from "../../credits";
import { choosePhoto, teamGrid, teamZipSources } from "../photos";
import { ownerTeam } from "../team";
import { teamTemplateOptions, templateQuery } from "../template";
import { Hono } from "hono";

export const photoRoutes = new Hono<AppEnv>()
  /** The caller's team photo: one of their own finished headshots, or null to clear it. */
  .put("/photo", requireUser, validate("json", z.object({ headshotId: z.uuid("is not a valid id").nullable() })), async (c) => {
    await choosePhoto(c.var.db, c.var.user.id, c.req.valid("json").headshotId);
    return c.json({ success: true as const });
  })

  .get("/grid", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: { photos: ApiTeamGridEntry[] } = { photos: await teamGrid(c.var.db, c.var.config, team.id) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  /** The grid's photos as one streamed ZIP, in one choice of the download options (the owner's plan decides as for any download). */
  .get("/zip", requireUser, validate("query", z.intersection(downloadQuery, templateQuery)), async (c) => {
    const { db } = c.var;
    const team = await ownerTeam(db, c.var.user.id);
    const query = c.req.valid("query");
    // the team's profile-picture template, when asked for, replaces the other options (decision 257)
    const options = query.template ? teamTemplateOptions(team) : normaliseDownload(query);
    await refuseDownloadBeyondPlan(db, c.var.user.id, options);
    const sources = await teamZipSources(db, team.id);
    if (sources.length === 0) throw conflict(said(m.errors_team_no_team_photos));
    await refuseZipBeyondRate(db, c.var.user.id);
    return headshotZipResponse(c.env.IMAGES, c.var.config, sources, options, `${fileStem(team.name, "team")}-team-photos.zip`);
  });
