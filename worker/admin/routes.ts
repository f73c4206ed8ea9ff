/**
 * /api/admin — operator only. The guard is on the sub-app itself, so every route added here is protected
 * by construction (401 without a token, 403 for anyone but the verified operator), and unknown admin
 * paths answer 401/403 too instead of revealing what exists.
 */
import { Hono } from "hono";
import { requireOperator } from "../auth/middleware";
import type { AppEnv } from "../env";

export const adminRoutes = new Hono<AppEnv>().use("*", requireOperator);
