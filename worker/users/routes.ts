/**
 * /api/users — GET /credits: free generations left, used, and whether the email is verified (SPEC §7). The
 * figures are worker/credits' (the ledger and the allowance); this area is the URL's (issue 49).
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireUser } from "../lib";
import { readCredits } from "../credits";

export const userRoutes = new Hono<AppEnv>().get("/credits", requireUser, async (c) => {
  const body = await readCredits(c.var.httpDb, c.var.user.id);
  c.header("Cache-Control", "no-store");
  return c.json(body);
});
