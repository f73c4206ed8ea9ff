/**
 * /api/team — teams (issue 25). Every route finds the caller's team from the session (never from an id
 * the client sends); routes that name an invitation or a member filter by that team in SQL, so another
 * team's owner gets the same 404 as for an id that does not exist. Owner-only routes answer 403 to a
 * member and 404 outside any team. The invitation preview is the one public route (the link's token is
 * the capability).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { fileStem } from "../../domain/downloads";
import { STYLE_IDS } from "../../domain/styles";
import { BRAND_COLOR_PATTERN, OUTFITS, TEAM_MESSAGES, TEAM_NAME_MAX, TEMPLATE_SHAPES, templateProblem } from "../../domain/teams";
import type { ApiInvitationPreview, ApiMyTeam, ApiTeamGridEntry } from "../../domain/team-api";
import { requireUser, appOrigin, conflict, enforce, notFound, oneAtATime, plainText, validate, wholeNumber } from "../lib";
import { emailField } from "../auth";
import {
  changeTeamSeats,
  createTeamCheckout,
  endTeamSubscriptionNow,
  setTeamCancel,
  teamSeatsPreview,
  refundEligibility,
  refundFirstSubscription,
} from "../billing";
import { headshotZipResponse, downloadQuery, normaliseDownload } from "../downloads";
import type { AppEnv } from "../env";
import { refuseDownloadBeyondPlan } from "../credits";
import { createMailer, teamInvitationEmail } from "../mail";
import { accept, invite, preview, resend, revoke, type IssuedInvitation } from "./invitations";
import { choosePhoto, teamGrid, teamZipSources } from "./photos";
import { seatsInUse } from "./seats";
import { closable, createTeam, deleteTeam, leaveTeam, membershipOf, myTeam, ownerTeam, removeMember, templateOf, updateTeam } from "./team";
import { deleteTeamObjects, readBackdrop, removeBackdrop } from "./backdrop";
import { teamTemplateOptions, templateQuery } from "./template";

const nameField = z.string().trim().min(1, "Please give the team a name.").max(TEAM_NAME_MAX).pipe(plainText);
const idParam = z.object({ id: z.uuid("is not a valid id") });
const seatsField = wholeNumber();
const tokenField = z.string().trim().min(10, "is not a valid invitation link").max(200);

/** Invitations (and re-sends) a team may send per hour: enough for any real team, not for a spammer. */
const INVITES_PER_HOUR = 50;

/**
 * One team's billing changes run one at a time (issue 35, decision 177): three seat changes at once
 * used to race at Stripe (two schedules for one subscription: a 500 and seats out of step).
 */
const oneBillingChange = <T>(c: Context<AppEnv>, teamId: string, fn: () => Promise<T>) =>
  oneAtATime(
    c.var.db,
    `team-billing:${teamId}`,
    "Another change to the team's plan is still being made. Please try again in a moment.",
    fn,
  );

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
        style: z.enum(STYLE_IDS, `Please choose one of the ${STYLE_IDS.length} styles`).optional(),
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

  /** The company's backdrop photo, for the team's owner and members (null: the brand colour is the backdrop). */
  .get("/backdrop", requireUser, async (c) => {
    const membership = await membershipOf(c.var.db, c.var.user.id);
    if (!membership) throw notFound(TEAM_MESSAGES.notInTeam);
    const photo = await readBackdrop(c.env.IMAGES, c.var.config, membership.team.backdropKey);
    if (!photo) throw notFound("The team has no backdrop photo; its backdrop is the brand colour.");
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "Cache-Control": "private, no-store",
    });
  })

  /** Back to the brand colour as the backdrop: the photo is deleted. (Uploading one: worker/headshots/team-backdrop.ts.) */
  .delete("/backdrop", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await removeBackdrop(c.var.db, c.env.IMAGES, team.id);
    return c.json({ success: true as const });
  })

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

  .post("/invitations", requireUser, validate("json", z.object({ email: emailField })), async (c) => {
    const { db } = c.var;
    const team = await ownerTeam(db, c.var.user.id);
    await enforce(
      db,
      [{ key: `team-invite:${team.id}`, limit: INVITES_PER_HOUR, windowSeconds: 3600 }],
      "Too many invitations in an hour. Please wait a little.",
    );
    const issued = await invite(db, team, c.var.user.id, c.req.valid("json").email);
    await sendInvitation(c, issued);
    return c.json({ id: issued.id, email: issued.email }, 201);
  })

  .post("/invitations/:id/resend", requireUser, validate("param", idParam), async (c) => {
    const { db } = c.var;
    const team = await ownerTeam(db, c.var.user.id);
    await enforce(
      db,
      [{ key: `team-invite:${team.id}`, limit: INVITES_PER_HOUR, windowSeconds: 3600 }],
      "Too many invitations in an hour. Please wait a little.",
    );
    const issued = await resend(db, team, c.req.valid("param").id);
    await sendInvitation(c, issued);
    return c.json({ id: issued.id, email: issued.email });
  })

  .delete("/invitations/:id", requireUser, validate("param", idParam), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await revoke(c.var.db, team.id, c.req.valid("param").id);
    return c.json({ success: true as const });
  })

  /** Public: what the invitation page shows before the person signs in. */
  .get("/invitation", validate("query", z.object({ token: tokenField })), async (c) => {
    const body: ApiInvitationPreview = await preview(c.var.db, c.req.valid("query").token);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/accept", requireUser, validate("json", z.object({ token: tokenField })), async (c) => {
    return c.json(await accept(c.var.db, c.var.user.id, c.req.valid("json").token));
  })

  .delete("/members/:id", requireUser, validate("param", idParam), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await removeMember(c.var.db, team.id, c.req.valid("param").id);
    return c.json({ success: true as const });
  })

  .post("/leave", requireUser, async (c) => {
    await leaveTeam(c.var.db, c.var.user.id);
    return c.json({ success: true as const });
  })

  /** The caller's team photo: one of their own finished headshots, or null to clear it. */
  .put("/photo", requireUser, validate("json", z.object({ headshotId: z.uuid("is not a valid id").nullable() })), async (c) => {
    await choosePhoto(c.var.db, c.var.user.id, c.req.valid("json").headshotId);
    return c.json({ success: true as const });
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
    if (sources.length === 0) throw conflict("No one in the team has chosen a team photo yet.");
    return headshotZipResponse(c.env.IMAGES, c.var.config, sources, options, `${fileStem(team.name, "team")}-team-photos.zip`);
  })

  .get("/grid", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: { photos: ApiTeamGridEntry[] } = { photos: await teamGrid(c.var.db, c.var.config, team.id) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/checkout", requireUser, validate("json", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, async () =>
        createTeamCheckout(c.var.db, c.var.config, appOrigin(c), team, c.req.valid("json").seats, await seatsInUse(c.var.db, team.id)),
      ),
    );
  })

  .post("/seats", requireUser, validate("json", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, async () =>
        changeTeamSeats(c.var.db, c.var.config, team.id, c.req.valid("json").seats, await seatsInUse(c.var.db, team.id)),
      ),
    );
  })

  .get("/seats-preview", requireUser, validate("query", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(await teamSeatsPreview(c.var.db, c.var.config, team.id, c.req.valid("query").seats));
  })

  .post("/cancel", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(await oneBillingChange(c, team.id, () => setTeamCancel(c.var.db, c.var.config, team.id, true)));
  })

  .post("/resume", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(await oneBillingChange(c, team.id, () => setTeamCancel(c.var.db, c.var.config, team.id, false)));
  })

  .get("/refund-eligibility", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(await refundEligibility(c.var.db, c.var.config, { userId: c.var.user.id, teamId: team.id }));
  })

  .post("/refund", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, () => refundFirstSubscription(c.var.db, c.var.config, { userId: c.var.user.id, teamId: team.id })),
    );
  });

async function sendInvitation(c: Context<AppEnv>, issued: IssuedInvitation) {
  const link = `${appOrigin(c)}/team/join?token=${encodeURIComponent(issued.token)}`;
  await createMailer(c.var.config, c.env).send(teamInvitationEmail(issued.email, { teamName: issued.teamName, link }));
}
