/**
 * /api/account — the signed-in user's own account. POST /delete removes the user, every row they own
 * (the schema cascades from `users`) and every stored object under their prefix, and ends all sessions.
 * A live Stripe subscription is canceled first; invoices and refunds stay for bookkeeping, owner removed.
 */
import { Hono } from "hono";
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { passwordCredentials, refreshTokenFamilies, users } from "../../db/schema";
import { PASSWORD_MAX_LENGTH } from "../../domain/limits";
import { AUTH_LIMITS } from "../auth/limits";
import { requireUser } from "../auth/middleware";
import { verifyPassword } from "../auth/passwords";
import { clearRefreshCookie } from "../auth/sessions";
import type { AppEnv } from "../env";
import { forbidden, unauthorized } from "../lib/errors";
import { log } from "../lib/log";
import { enforce } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import { deleteUser } from "./delete-user";

/** Without a password, a Google sign-in at most this old confirms the deletion. */
export const RECENT_GOOGLE_SIGNIN_MS = 10 * 60 * 1000;

const deleteBody = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional() });

export const accountRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/delete", validate("json", deleteBody), async (c) => {
    const { db } = c.var;
    const userId = c.var.user.id;
    const { password } = c.req.valid("json");
    const [row] = await db
      .select({ id: users.id, cred: passwordCredentials })
      .from(users)
      .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw unauthorized("Your session has ended. Please sign in again.");

    if (row.cred) {
      if (!password) throw forbidden("Please enter your password to delete your account.");
      const l = AUTH_LIMITS.deleteAccount.user;
      await enforce(db, [{ key: `delete-account:user:${userId}`, ...l }]);
      if (!(await verifyPassword(password, row.cred))) throw forbidden("That password is not correct.");
    } else {
      const [recent] = await db
        .select({ id: refreshTokenFamilies.id })
        .from(refreshTokenFamilies)
        .where(
          and(
            eq(refreshTokenFamilies.userId, userId),
            eq(refreshTokenFamilies.authMethod, "google"),
            isNull(refreshTokenFamilies.revokedAt),
            gt(refreshTokenFamilies.authenticatedAt, new Date(Date.now() - RECENT_GOOGLE_SIGNIN_MS)),
          ),
        )
        .limit(1);
      if (!recent) throw forbidden("For your security, please sign in with Google again, then delete your account within 10 minutes.");
    }

    const { objects, canceledSubscriptions: canceled } = await deleteUser(db, c.var.config, c.env.IMAGES, userId);
    log("info", "account deleted", { requestId: c.get("requestId"), userId, objects, canceledSubscriptions: canceled });
    clearRefreshCookie(c);
    c.header("Cache-Control", "no-store");
    return c.json({ deleted: true }, 200);
  });
