/** /api/team/capture — A capture link as its visitor meets it: the public preview, and joining through it. */
import { z } from "zod";
import type { ApiCapturePreview } from "../../../domain/team-api";
import { requireUser, validate } from "../../lib";
import type { AppEnv } from "../../env";
import { capturePreview, joinByCaptureLink } from "../capture";
import { Hono } from "hono";
import { tokenField } from "./common";

export const captureRoutes = new Hono<AppEnv>()
  /** Public: what the capture link's page shows before the person signs in. */
  .get("/", validate("query", z.object({ token: tokenField })), async (c) => {
    const body: ApiCapturePreview = await capturePreview(c.var.db, c.req.valid("query").token);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })

  .post("/join", requireUser, validate("json", z.object({ token: tokenField })), async (c) => {
    return c.json(await joinByCaptureLink(c.var.db, c.var.user.id, c.req.valid("json").token));
  });
