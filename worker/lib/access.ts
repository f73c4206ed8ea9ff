import { createMiddleware } from "hono/factory";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppEnv } from "../env";
import { forbidden, said, unauthorized } from "./errors";
import { m } from "../../copy";
import type { AuthUser } from "../env";
import { verifyAccessToken } from "./access-tokens";

export const SESSION_ENDED = said(m.errors_session_ended);

/**
 * 401 unless the request carries a valid access token; sets `c.var.user`. A write also needs the account
 * to still exist and the token to be of the account's current session epoch (one primary-key lookup), so
 * a deleted account's token cannot store anything and a token from before a password reset or the first
 * proof of the address cannot change anything; reads are filtered by owner in SQL and skip the lookup
 * (docs/decisions/016-deleted-account-tokens.md, 085-first-proof-of-an-address.md). Reads of personal
 * data use `requireCurrentUser` instead.
 */
export const requireUser = gate(false);

/**
 * `requireUser` that checks the account and the session epoch on reads too: for reads of personal data
 * (the account, the user, invoices), which a token from before a password change or reset must no longer
 * answer (issue 35). The polled status and credits stay on `requireUser`'s cheaper read.
 */
export const requireCurrentUser = gate(true);

function gate(checkReads: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("Authorization");
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    const user = token ? await verifyAccessToken(c.var.config, token) : null;
    if (!user) throw unauthorized();
    if (checkReads || (c.req.method !== "GET" && c.req.method !== "HEAD")) {
      const [row] = await c.var.httpDb.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, user.id)).limit(1);
      if (!row) throw unauthorized(ACCOUNT_GONE, "account_gone");
      if (row.epoch !== user.epoch) throw unauthorized(SESSION_ENDED, "session_ended");
    }
    c.set("user", user);
    await next();
  });
}

export const ACCOUNT_GONE = said(m.errors_account_gone);

/**
 * The operator rule, the only place it is written: the configured address, once verified. A request
 * also needs a token of the current session epoch (isOperator): the proof of the operator's address
 * ends every credential set before it, so only credentials set after the proof grant operator rights.
 */
export function isOperatorUser(config: { OPERATOR_EMAIL: string }, user: { email: string; emailVerifiedAt: Date | null }): boolean {
  return user.email === config.OPERATOR_EMAIL && user.emailVerifiedAt !== null;
}

/**
 * Is the bearer of this token (read fresh from the database) the operator, with credentials set after the proof?
 * One read over SQL-over-HTTP: an admin read that needs nothing else opens no WebSocket session (issue 38).
 */
export async function isOperator(c: { var: AppEnv["Variables"] }, user: AuthUser): Promise<boolean> {
  const [row] = await c.var.httpDb
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, epoch: users.sessionEpoch })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return row ? row.epoch === user.epoch && isOperatorUser(c.var.config, row) : false;
}

/** For every /api/admin/* route: 401 without a token, 403 for anyone but the verified operator. */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  await requireUser(c, async () => {
    if (!(await isOperator(c, c.var.user))) throw forbidden(said(m.errors_operator_only), "operator_only");
    await next();
  });
});
