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
import { landings } from "../../domain/paths";
import { STYLE_IDS } from "../../domain/styles";
import { BRAND_COLOR_PATTERN, OUTFITS, TEAM_MESSAGES, TEAM_NAME_MAX, TEMPLATE_SHAPES, templateProblem } from "../../domain/teams";
import type {
  ApiCaptureLink,
  ApiCapturePreview,
  ApiInvitationPreview,
  ApiMyTeam,
  ApiTeamGridEntry,
  ApiTeamStatus,
} from "../../domain/team-api";
import {
  CAPTURE_DEFAULT_DAYS,
  CAPTURE_MAX_DAYS,
  CAPTURE_MAX_DOMAINS,
  CAPTURE_MAX_JOINS,
  FREE_MAIL_DOMAINS,
  IMPORT_MAX_BYTES,
  REMIND_AFTER_DAYS_MAX,
  REMIND_AFTER_DAYS_MIN,
  normalizeDomain,
} from "../../domain/team-capture";
import { requireUser, appLink, appOrigin, conflict, enforce, notFound, oneAtATime, plainText, validate, wholeNumber, refuse } from "../lib";
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
import { headshotZipResponse, downloadQuery, normaliseDownload, refuseZipBeyondRate } from "../downloads";
import type { AppEnv } from "../env";
import { refuseDownloadBeyondPlan } from "../credits";
import { createMailer, teamInvitationEmail } from "../mail";
import { captureLinksOf, capturePreview, createCaptureLink, joinByCaptureLink, revokeCaptureLink } from "./capture";
import { importList, previewList } from "./import";
import { accept, invite, preview, resend, revoke, type IssuedInvitation } from "./invitations";
import { sendReminders, setReminders, statusCsv, teamStatus } from "./status";
import { choosePhoto, teamGrid, teamZipSources } from "./photos";
import { reserveSeatCut, seatsInUse } from "./seats";
import {
  closable,
  createTeam,
  deleteTeam,
  inviterTeam,
  leaveTeam,
  membershipOf,
  myTeam,
  ownerTeam,
  removeMember,
  templateOf,
  updateTeam,
} from "./team";
import { deleteTeamObjects, readBackdrop, removeBackdrop } from "./backdrop";
import { teamTemplateOptions, templateQuery } from "./template";

const nameField = z.string().trim().min(1, "Please give the team a name.").max(TEAM_NAME_MAX).pipe(plainText);
const idParam = z.object({ id: z.uuid("is not a valid id") });
const seatsField = wholeNumber();
const tokenField = z.string().trim().min(10, "is not a valid invitation link").max(200);

/** Invitations (and re-sends) a team may send per hour: enough for any real team, not for a spammer. */
const INVITES_PER_HOUR = 50;

/**
 * A list import's limits (decision 221): previews are free of side effects but read the database, imports
 * mail up to the free seats each. Reminder clicks: a few an hour per team; each person gets at most one a
 * week whatever asks (decision 222).
 */
const IMPORT_PREVIEWS_PER_HOUR = 60;
const IMPORTS_PER_HOUR = 10;
const REMINDER_CLICKS_PER_HOUR = 10;

/** The team's email domains for a capture link: each a domain name (IDNs as punycode), none a free-mail one. */
const domainsField = z
  .array(z.string().max(253), "Please list the team's email domains.")
  .min(1, "Please give at least one email domain, like acme.com.")
  .max(CAPTURE_MAX_DOMAINS, `At most ${CAPTURE_MAX_DOMAINS} domains per link.`)
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const given of list) {
      const d = normalizeDomain(given);
      if (!d) ctx.addIssue({ code: "custom", message: `"${given}" is not a domain name like acme.com.` });
      else if (FREE_MAIL_DOMAINS.includes(d))
        ctx.addIssue({
          code: "custom",
          message: `${d} is a free email service: anyone can have an address there. Use your company's domain.`,
        });
      else out.push(d);
    }
    return out;
  });
const csvField = z.object({ csv: z.string("Please paste or upload the list.").max(IMPORT_MAX_BYTES * 4, "The list is too large.") });

/** The list's size in bytes, refused with 413 beyond IMPORT_MAX_BYTES (decision 221). */
function refuseLargeList(csv: string) {
  const bytes = new TextEncoder().encode(csv).length;
  if (bytes > IMPORT_MAX_BYTES)
    throw refuse(
      "too_large",
      `The list is ${Math.ceil(bytes / 1024)} KB; at most ${IMPORT_MAX_BYTES / 1024} KB can be imported at once. Split it and import each part.`,
    );
}

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
    if (!membership) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
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
    const team = await inviterTeam(db, c.var.user.id);
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
    const team = await inviterTeam(db, c.var.user.id);
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

  /** Capture links (issue 37): the owner's list, each with who joined through it. */
  .get("/capture-links", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: { links: ApiCaptureLink[] } = { links: await captureLinksOf(c.var.db, team.id) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  /** A new capture link: the answer carries the link once (only its hash is kept). */
  .post(
    "/capture-links",
    requireUser,
    validate(
      "json",
      z.object({
        domains: domainsField,
        maxJoins: wholeNumber().pipe(
          z.number().min(1, "must be at least 1").max(CAPTURE_MAX_JOINS, `must be at most ${CAPTURE_MAX_JOINS}`),
        ),
        expiresInDays: wholeNumber()
          .pipe(z.number().min(1, "must be at least 1 day").max(CAPTURE_MAX_DAYS, `must be at most ${CAPTURE_MAX_DAYS} days`))
          .default(CAPTURE_DEFAULT_DAYS),
      }),
    ),
    async (c) => {
      const team = await ownerTeam(c.var.db, c.var.user.id);
      const made = await createCaptureLink(c.var.db, team, c.var.user.id, c.req.valid("json"));
      return c.json({ id: made.id, link: appLink(c, landings.teamCaptureLink(made.token)) }, 201);
    },
  )

  .delete("/capture-links/:id", requireUser, validate("param", idParam), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await revokeCaptureLink(c.var.db, team.id, c.req.valid("param").id);
    return c.json({ success: true as const });
  })

  /** Public: what the capture link's page shows before the person signs in. */
  .get("/capture", validate("query", z.object({ token: tokenField })), async (c) => {
    const body: ApiCapturePreview = await capturePreview(c.var.db, c.req.valid("query").token);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/capture/join", requireUser, validate("json", z.object({ token: tokenField })), async (c) => {
    return c.json(await joinByCaptureLink(c.var.db, c.var.user.id, c.req.valid("json").token));
  })

  /** Invite a list, step 1: what each row is. Sends nothing. */
  .post("/import/preview", requireUser, validate("json", csvField), async (c) => {
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
  .post("/import", requireUser, validate("json", csvField), async (c) => {
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
  })

  /** Status at a glance: everyone invited or in the team, and how far they got. */
  .get("/status", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: ApiTeamStatus = await teamStatus(c.var.db, team);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .get("/status.csv", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body = statusCsv(await teamStatus(c.var.db, team));
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileStem(team.name, "team")}-status.csv"`,
      "Cache-Control": "no-store",
    });
  })

  /** The owner's reminder settings: N days after joining, and whether the cron reminds weekly. */
  .patch(
    "/reminders",
    requireUser,
    validate(
      "json",
      z.object({
        remindAfterDays: wholeNumber()
          .pipe(
            z
              .number()
              .min(REMIND_AFTER_DAYS_MIN, `must be at least ${REMIND_AFTER_DAYS_MIN}`)
              .max(REMIND_AFTER_DAYS_MAX, `must be at most ${REMIND_AFTER_DAYS_MAX}`),
          )
          .optional(),
        autoRemind: z.boolean("must be true or false").optional(),
      }),
    ),
    async (c) => {
      const team = await ownerTeam(c.var.db, c.var.user.id);
      return c.json(await setReminders(c.var.db, team.id, c.req.valid("json")));
    },
  )

  /** One click: reminds everyone due (or one member), at most once a week each. */
  .post("/reminders", requireUser, validate("json", z.object({ userId: z.uuid("is not a valid id").optional() })), async (c) => {
    const { db } = c.var;
    const team = await ownerTeam(db, c.var.user.id);
    await enforce(
      db,
      [{ key: `team-remind:${team.id}`, limit: REMINDER_CLICKS_PER_HOUR, windowSeconds: 3600 }],
      "Too many reminder requests in an hour. Please wait a little.",
    );
    const reminded = await sendReminders(db, createMailer(c.var.config, c.env), appOrigin(c), team, c.req.valid("json").userId);
    return c.json({ reminded });
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
    await refuseZipBeyondRate(db, c.var.user.id);
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
        changeTeamSeats(c.var.db, c.var.config, team.id, c.req.valid("json").seats, (seats, at) =>
          reserveSeatCut(c.var.db, team.id, seats, at),
        ),
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
  const link = appLink(c, landings.teamInvitation(issued.token));
  await createMailer(c.var.config, c.env).send(teamInvitationEmail(issued.email, { teamName: issued.teamName, link }));
}
