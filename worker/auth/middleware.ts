import { createMiddleware } from "hono/factory";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "./tokens";

/**
 * 401 unless the request carries a valid access token; sets `c.var.user`. A write also needs the account
 * to still exist (one primary-key lookup), so a deleted account's token cannot store anything; reads
 * are filtered by owner in SQL and find nothing for it, so they skip the lookup
 * (docs/decisions/016-deleted-account-tokens.md).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  const user = token ? await verifyAccessToken(c.var.config, token) : null;
  if (!user) throw unauthorized();
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    const [row] = await c.var.httpDb.select({ id: users.id }).from(users).where(eq(users.id, user.id)).limit(1);
    if (!row) throw unauthorized("Your account no longer exists. Please sign in again.");
  }
  c.set("user", user);
  await next();
});

/** The operator rule, the only place it is written: the configured address, once verified. */
export function isOperatorUser(
  config: { OPERATOR_EMAIL: string },
  user: { email: string; emailVerifiedAt: Date | null },
): boolean {
  return user.email === config.OPERATOR_EMAIL && user.emailVerifiedAt !== null;
}

/** Is this user (by id, read fresh from the database) the operator? */
export async function isOperator(c: { var: AppEnv["Variables"] }, userId: string): Promise<boolean> {
  const [row] = await c.var.db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? isOperatorUser(c.var.config, row) : false;
}

/** For every /api/admin/* route: 401 without a token, 403 for anyone but the verified operator. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    if (!(await isOperator(c, c.var.user.id))) throw forbidden("You don't have permission to access this page.");
    await next();
  });
});
