/** /api/team/invitations — Invitations by email: send, re-send and revoke (the owner, or a member where the team allows it: inviterTeam). */
import { z } from "zod";
import { requireUser, validate } from "../../lib";
import { emailField } from "../../auth";
import type { AppEnv } from "../../env";
import { invite, resend, revoke } from "../invitations";
import { inviterTeam, ownerTeam } from "../team";
import { Hono } from "hono";
import { idParam, sendInvitation, withinTeamHourly } from "./common";

export const invitationsRoutes = new Hono<AppEnv>()
  .post("/", requireUser, validate("json", z.object({ email: emailField })), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    await withinTeamHourly(db, "team-invite", team.id);
    const issued = await invite(db, team, c.var.user.id, c.req.valid("json").email);
    await sendInvitation(c, issued);
    return c.json({ id: issued.id, email: issued.email }, 201);
  })

  .post("/:id/resend", requireUser, validate("param", idParam), async (c) => {
    const { db } = c.var;
    const team = await inviterTeam(db, c.var.user.id);
    await withinTeamHourly(db, "team-invite", team.id);
    const issued = await resend(db, team, c.req.valid("param").id);
    await sendInvitation(c, issued);
    return c.json({ id: issued.id, email: issued.email });
  })

  .delete("/:id", requireUser, validate("param", idParam), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await revoke(c.var.db, team.id, c.req.valid("param").id);
    return c.json({ success: true as const });
  });
