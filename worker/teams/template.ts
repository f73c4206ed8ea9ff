/**
 * The team's profile-picture template as download options (issue 37, decision 257): `?template=team` on
 * the team ZIP and on a member's own download makes every file a square PNG of the template's size,
 * round (transparent outside the circle) or square, with the border in the brand colour; the other
 * download options are then ignored. 409 before the owner has set a template.
 */
import { z } from "zod";
import type { Team } from "../../db/schema";
import type { DownloadOptions } from "../../domain/downloads";
import { TEAM_MESSAGES, templateDownload } from "../../domain/teams";
import { conflict } from "../lib";
import { templateOf } from "./team";

export const templateQuery = z.object({
  template: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["team"], "must be team (the team's profile-picture template)").optional(),
  ),
});

export function teamTemplateOptions(team: Pick<Team, "templateShape" | "templateSize" | "templateBorder" | "brandColor">): DownloadOptions {
  const template = templateOf(team);
  if (!template) throw conflict(TEAM_MESSAGES.noTemplate);
  return templateDownload(template, team.brandColor);
}
