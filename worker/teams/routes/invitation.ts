/** /api/team/invitation — Public: what the invitation page shows before the person signs in (the link's token is the capability). */
import { z } from "zod";
import type { ApiInvitationPreview } from "../../../domain/team-api";
import { validate } from "../../lib";
import type { AppEnv } from "../../env";
import { preview } from "../invitations";
import { Hono } from "hono";
import { tokenField } from "./common";

export const invitationRoutes = new Hono<AppEnv>()
  /** Public: what the invitation page shows before the person signs in. */
  .get("/", validate("query", z.object({ token: tokenField })), async (c) => {
    const body: ApiInvitationPreview = await preview(c.var.db, c.req.valid("query").token);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
