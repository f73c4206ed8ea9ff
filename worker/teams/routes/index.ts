/**
 * /api/team — teams (issue 25). Every route finds the caller's team from the session (never from an id
 * the client sends); routes that name an invitation or a member filter by that team in SQL, so another
 * team's owner gets the same 404 as for an id that does not exist. Owner-only routes answer 403 to a
 * member and 404 outside any team. The invitation preview is the one public route (the link's token is
 * the capability).
 *
 * This file is the team itself (`/api/team`: read, create, change, close; leaving; accepting an invitation) and
 * mounts one file per sub-path beside it (issue 49: `teams/routes.ts` was one 348-line chain).
 */
import { z } from "zod";
import { STYLE_IDS } from "../../../domain/styles";
import { BRAND_COLOR_PATTERN, OUTFITS, TEAM_MESSAGES, TEMPLATE_SHAPES, templateProblem } from "../../../domain/teams";
import type { ApiMyTeam } from "../../../domain/team-api";
import { requireUser, conflict, inputWords, said, validate } from "../../lib";
import { m } from "../../../copy";
import { endTeamSubscriptionNow } from "../../billing";
import type { AppEnv } from "../../env";
import { accept } from "../invitations";
import { closable, createTeam, deleteTeam, leaveTeam, myTeam, ownerTeam, templateOf, updateTeam } from "../team";
import { deleteTeamObjects } from "../backdrop";
import { Hono } from "hono";
import { nameField, tokenField, oneBillingChange } from "./common";
import { backdropRoutes } from "./backdrop";
import { invitationsRoutes } from "./invitations";
import { invitationRoutes } from "./invitation";
import { captureLinkRoutes } from "./capture-links";
import { captureRoutes } from "./capture";
import { importRoutes } from "./import";
import { statusRoutes } from "./status";
import { reminderRoutes } from "./reminders";
import { memberRoutes } from "./members";
import { photoRoutes } from "./photos";
import { billingRoutes } from "./billing";

export const teamRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const body: ApiMyTeam | null = await myTeam(c.var.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/", requireUser, validate("json", z.object({ name: nameField })), async (c) => {
    const team = await createTeam(c.var.db, c.var.user.id, c.req.valid("json").name);
    return c.json({ id: team.id, name: team.name }, 201);
  })

  /** Name and brand look: a style and a background colour (#RRGGBB). */
  .patch(
    "/",
    requireUser,
    validate(
      "json",
      z.object({
        name: nameField.optional(),
        style: z.enum(STYLE_IDS, inputWords(said(m.errors_input_style_one, { count: STYLE_IDS.length }))).optional(),
        brandColor: z.string().trim().regex(BRAND_COLOR_PATTERN, "must be a colour like #1E3A5F").optional(),
        outfit: z
          .enum(OUTFITS, `must be one of ${OUTFITS.join(", ")}, or null for the style's own clothing`)
          .nullable()
          .optional(),
        template: z
          .object({
            shape: z.enum(TEMPLATE_SHAPES, `must be ${TEMPLATE_SHAPES.join(" or ")}`),
            size: z.number("must be a number of pixels"),
            border: z.number("must be a number of pixels"),
          })
          .superRefine((t, ctx) => {
            const problem = templateProblem(t);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .nullable()
          .optional(),
      }),
    ),
    async (c) => {
      const team = await ownerTeam(c.var.db, c.var.user.id);
      const change = c.req.valid("json");
      // the border is drawn in the brand colour: a template with one needs the colour (now or already)
      if (change.template && change.template.border > 0 && !(change.brandColor ?? team.brandColor)) {
        throw conflict(TEAM_MESSAGES.templateNeedsColor);
      }
      const updated = await updateTeam(c.var.db, team.id, change);
      return c.json({
        id: updated.id,
        name: updated.name,
        style: updated.style,
        brandColor: updated.brandColor,
        outfit: updated.outfit,
        template: templateOf(updated),
      });
    },
  )

  /** Closes the team: refused while its subscription still renews; a cancelled one ends now (decision 141). */
  .delete("/", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await oneBillingChange(c, team.id, async () => {
      const { endNow } = await closable(c.var.db, team.id);
      if (endNow) await endTeamSubscriptionNow(c.var.db, c.var.config, endNow);
      await deleteTeam(c.var.db, team.id);
    });
    await deleteTeamObjects(c.env.IMAGES, team.id);
    return c.json({ success: true as const });
  })

  .post("/leave", requireUser, async (c) => {
    await leaveTeam(c.var.db, c.var.user.id);
    return c.json({ success: true as const });
  })

  .post("/accept", requireUser, validate("json", z.object({ token: tokenField })), async (c) => {
    return c.json(await accept(c.var.db, c.var.user.id, c.req.valid("json").token));
  })

  .route("/backdrop", backdropRoutes)
  .route("/invitations", invitationsRoutes)
  .route("/invitation", invitationRoutes)
  .route("/capture-links", captureLinkRoutes)
  .route("/capture", captureRoutes)
  .route("/import", importRoutes)
  .route("/reminders", reminderRoutes)
  .route("/members", memberRoutes)
  .route("/", statusRoutes)
  .route("/", photoRoutes)
  .route("/", billingRoutes);
