/**
 * /api/team/backdrop — the company's backdrop photo (issue 37, decision 255; one file since issue 49, the upload
 * having lived in worker/headshots before photo intake became worker/photos):
 *   GET     the photo, for the team's owner and members (404 when the brand colour is the backdrop)
 *   POST    multipart `photo`, the owner only: through the one upload path every photo takes (worker/photos: the
 *           same limits, type by magic bytes, metadata stripped, turned upright, reduced to what the model uses)
 *           and the same per-person upload rate → 201 {backdrop: "photo"} | 400 | 403 member | 404 outside a team |
 *           413 | 429
 *   DELETE  back to the brand colour: the photo is deleted (the owner only)
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { MESSAGES, UPLOADS_PER_HOUR, UPLOADS_PER_MINUTE } from "../../../domain/limits";
import { TEAM_MESSAGES } from "../../../domain/teams";
import { enforce, inputWords, notFound, requireUser, said, validate } from "../../lib";
import { m } from "../../../copy";
import type { AppEnv } from "../../env";
import { checkPhoto, uploadBodyLimit } from "../../photos";
import { membershipOf, ownerTeam } from "../team";
import { readBackdrop, removeBackdrop, setBackdrop } from "../backdrop";

const backdropForm = z.object({ photo: z.custom<File>((v) => v instanceof File, inputWords(said(m.errors_input_backdrop_photo))) });

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

export const backdropRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const membership = await membershipOf(c.var.db, c.var.user.id);
    if (!membership) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
    const photo = await readBackdrop(c.env.IMAGES, c.var.config, membership.team.backdropKey);
    if (!photo) throw notFound(said(m.errors_team_no_backdrop));
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "Cache-Control": "private, no-store",
    });
  })

  .post("/", requireUser, ownerMayUpload, uploadBodyLimit(1), validate("form", backdropForm), async (c) => {
    const photo = await checkPhoto(c.req.valid("form").photo);
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await setBackdrop(c.var.db, c.env.IMAGES, c.var.config, team.id, photo);
    return c.json({ backdrop: "photo" as const, width: photo.width, height: photo.height }, 201);
  })

  .delete("/", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    await removeBackdrop(c.var.db, c.env.IMAGES, team.id);
    return c.json({ success: true as const });
  });
