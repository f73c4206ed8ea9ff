import { createMiddleware } from "hono/factory";
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "./tokens";

/** 401 unless the request carries a valid access token; sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  const user = token ? await verifyAccessToken(c.var.config, token) : null;
  if (!user) throw unauthorized();
  c.set("user", user);
  await next();
});

/** The same rule on a loaded row: the configured address, verified. */
export function isOperatorUser(
  config: { OPERATOR_EMAIL: string },
  user: { email: string; emailVerifiedAt: Date | null },
): boolean {
  return user.email === config.OPERATOR_EMAIL && user.emailVerifiedAt !== null;
}

/** Is this user the operator? Only the configured address, and only once verified. */
export async function isOperator(c: { var: AppEnv["Variables"] }, userId: string): Promise<boolean> {
  const [row] = await c.var.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, c.var.config.OPERATOR_EMAIL), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return Boolean(row);
}

/** For every /api/admin/* route: 401 without a token, 403 for anyone but the verified operator. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    if (!(await isOperator(c, c.var.user.id))) throw forbidden("You don't have permission to access this page.");
    await next();
  });
});
