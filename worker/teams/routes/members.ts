/** /api/team/members — The team's members: the owner removes one. */
import { requireUser, validate } from "../../lib";
import type { AppEnv } from "../../env";
import { ownerTeam, removeMember } from "../team";
import { Hono } from "hono";
import { idParam } from "./common";

export const memberRoutes = new Hono<AppEnv>().delete("/:id", requireUser, validate("param", idParam), async (c) => {
  const team = await ownerTeam(c.var.db, c.var.user.id);
  await removeMember(c.var.db, team.id, c.req.valid("param").id);
  return c.json({ success: true as const });
});
