/**
 * POST /api/team/backdrop — the team's owner uploads the company's backdrop photo (issue 37, decision 255):
 * multipart `photo`, through the one upload path every photo takes (./photo-intake.ts: the same limits,
 * type by magic bytes, metadata stripped, turned upright, reduced to what the model uses) and the same
 * per-person upload rate. It lives here, beside that path, because the teams area comes before headshots
 * (decision 146); the team's object and row are worker/teams' (setBackdrop). GET and DELETE are the team
 * routes'. → 201 {backdrop: "photo"} | 400 | 403 member | 404 outside a team | 413 | 429.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { MESSAGES, UPLOADS_PER_HOUR, UPLOADS_PER_MINUTE } from "../../domain/limits";
import type { AppEnv } from "../env";
import { enforce, requireUser, validate } from "../lib";
import { ownerTeam, setBackdrop } from "../teams";
import { checkPhoto, uploadBodyLimit } from "./photo-intake";

const backdropForm = z.object({ photo: z.custom<File>((v) => v instanceof File, "Please choose a photo of the backdrop to upload") });

/** Before the body is read: the team's owner only, within the per-person upload rate. */
const ownerMayUpload = createMiddleware<AppEnv>(async (c, next) => {
  const userId = c.var.user.id;
  await ownerTeam(c.var.db, userId);
  await enforce(
    c.var.db,
    [
      { key: `upload:${userId}:minute`, limit: UPLOADS_PER_MINUTE, windowSeconds: 60 },
      { key: `upload:${userId}:hour`, limit: UPLOADS_PER_HOUR, windowSeconds: 3600 },
    ],
    MESSAGES.tooManyUploads,
  );
  await next();
});

export const teamBackdropRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  ownerMayUpload,
  uploadBodyLimit(1),
  validate("form", backdropForm),
  async (c) => {
    const photo = await checkPhoto(c.req.valid("form").photo);
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await setBackdrop(c.var.db, c.env.IMAGES, c.var.config, team.id, photo);
    return c.json({ backdrop: "photo" as const, width: photo.width, height: photo.height }, 201);
  },
);
