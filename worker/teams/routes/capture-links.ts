/** /api/team/capture-links — Capture links (issue 37): the owner's list, a new link (its token answered once), revoking one. */
import { z } from "zod";
import { landings } from "../../../domain/paths";
import type { ApiCaptureLink } from "../../../domain/team-api";
import { CAPTURE_DEFAULT_DAYS, CAPTURE_MAX_DAYS, CAPTURE_MAX_JOINS } from "../../../domain/team-capture";
import { requireUser, appLink, inputWords, said, validate, wholeNumber } from "../../lib";
import { m } from "../../../copy";
import type { AppEnv } from "../../env";
import { captureLinksOf, createCaptureLink, revokeCaptureLink } from "../capture";
import { ownerTeam } from "../team";
import { Hono } from "hono";
import { idParam, domainsField } from "./common";

export const captureLinkRoutes = new Hono<AppEnv>()
  /** Capture links (issue 37): the owner's list, each with who joined through it. */
  .get("/", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const body: { links: ApiCaptureLink[] } = { links: await captureLinksOf(c.var.db, team.id) };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  /** A new capture link: the answer carries the link once (only its hash is kept). */
  .post(
    "/",
    requireUser,
    validate(
      "json",
      z.object({
        domains: domainsField,
        maxJoins: wholeNumber().pipe(
          z
            .number()
            .min(1, inputWords(said(m.errors_input_at_least, { min: 1 })))
            .max(CAPTURE_MAX_JOINS, inputWords(said(m.errors_input_at_most, { max: CAPTURE_MAX_JOINS }))),
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

  .delete("/:id", requireUser, validate("param", idParam), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await revokeCaptureLink(c.var.db, team.id, c.req.valid("param").id);
    return c.json({ success: true as const });
  });
