/**
 * /api/account — the signed-in user's own account (issue 22, decision 086):
 *   GET   /            → AccountSecurity: how the person signs in (password, Google)
 *   PATCH /profile     {firstName?, lastName?, locale?} → ApiUser; `locale` is the account's language (issue 50: its
 *                      emails, receipts and Stripe pages), one of copy/'s locales, else 400
 *   POST  /password    {currentPassword, newPassword} → {accessToken} and a new refresh cookie; every
 *                      other session ends
 *   POST  /email       {newEmail, password?} → 202; a link to the new address moves the account there
 *                      (GET /api/auth/verify), and the old address is told
 *   POST  /delete      {password?} → removes the user, every row they own (the schema cascades from
 *                      `users`) and every stored object under their prefix, and ends all sessions. A live
 *                      Stripe subscription is canceled first; invoices and refunds stay, owner removed.
 * Changing the email and deleting need the person to confirm who they are: the password, or for an
 * account without one a Google sign-in in the last 10 minutes.
 */
import { Hono, type Context } from "hono";
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { passwordCredentials, refreshTokenFamilies, users } from "../../db/schema";
import type { AccountSecurity } from "../../domain/api";
import { PASSWORD_MAX_LENGTH, RECENT_GOOGLE_SIGNIN_MINUTES } from "../../domain/limits";
import {
  findUser,
  toApiUser,
  AUTH_LIMITS,
  hashPassword,
  setPasswordAndEndSessions,
  sendPasswordChangedNotice,
  verifyPassword,
  emailField,
  newPasswordField,
  emailLink,
  sendMail,
  clearRefreshCookie,
  setRefreshCookie,
  startFamily,
  sessionOf,
  addressTaken,
  requestEmailChange,
} from "../auth";
import {
  SESSION_ENDED,
  requireCurrentUser,
  signAccessToken,
  badRequest,
  conflict,
  forbidden,
  unauthorized,
  log,
  enforce,
  plainText,
  validate,
  userLocale,
  errorFields,
  said,
  type Words,
} from "../lib";
import { syncCustomerLocale } from "../billing";
import type { AppEnv } from "../env";
import { emailChangeEmail } from "../mail";
import { deleteUser } from "./delete-user";
import { locales, m } from "../../copy";

/** Without a password, a Google sign-in at most this old confirms the deletion or an email change. */
export const RECENT_GOOGLE_SIGNIN_MS = RECENT_GOOGLE_SIGNIN_MINUTES * 60 * 1000;
const WRONG_PASSWORD = said(m.errors_wrong_password);

/** What a person confirms who they are for (its limit's key), and the words that ask for the proof. */
type Confirmed = "change-email" | "delete-account";
const ASK_FOR_PROOF: Record<Confirmed, { password: Words; google: Words }> = {
  "change-email": {
    password: said(m.errors_password_to_change_email),
    google: said(m.errors_google_again_to_change_email, { minutes: RECENT_GOOGLE_SIGNIN_MINUTES }),
  },
  "delete-account": {
    password: said(m.errors_password_to_delete_account),
    google: said(m.errors_google_again_to_delete_account, { minutes: RECENT_GOOGLE_SIGNIN_MINUTES }),
  },
};

const password = z.string().max(PASSWORD_MAX_LENGTH);
const deleteBody = z.object({ password: password.optional() });
const name = z
  .string()
  .trim()
  .max(80, "must be at most 80 characters")
  .pipe(plainText)
  .transform((s) => s || null);
/** One of the languages the catalogue speaks (copy/project.inlang): anything else is a 400 that lists them. */
const localeField = z.enum(locales, { error: `must be one of ${locales.join(", ")}` });
const profileBody = z
  .object({ firstName: name.optional(), lastName: name.optional(), locale: localeField.optional() })
  .refine((b) => b.firstName !== undefined || b.lastName !== undefined || b.locale !== undefined, "nothing to change");
const passwordBody = z.object({ currentPassword: password.min(1, "is required"), newPassword: newPasswordField });
const emailBody = z.object({ newEmail: emailField, password: password.optional() });

type Ctx = Context<AppEnv>;

async function credentialOf(c: Ctx) {
  const [row] = await c.var.db
    .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt, locale: users.locale, cred: passwordCredentials })
    .from(users)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(eq(users.id, c.var.user.id))
    .limit(1);
  if (!row) throw unauthorized(SESSION_ENDED, "session_ended");
  return row;
}

/** Checks a password against the stored one, counted per user (AUTH_LIMITS.passwordCheck). */
async function checkPassword(
  c: Ctx,
  given: string,
  stored: NonNullable<Awaited<ReturnType<typeof credentialOf>>["cred"]>,
  limitKey: string,
) {
  await enforce(c.var.db, [{ key: `${limitKey}:user:${c.var.user.id}`, ...AUTH_LIMITS.passwordCheck.user }]);
  if (!(await verifyPassword(given, stored))) throw forbidden(WRONG_PASSWORD, "wrong_password");
}

/**
 * The person confirms who they are before `action` (deleting the account): with the password, or — for
 * an account without one — by a Google sign-in in the last RECENT_GOOGLE_SIGNIN_MS of the very session
 * that asks (the access token's `session`), never another session's (issue 35).
 */
async function confirmIdentity(c: Ctx, given: string | undefined, action: Confirmed) {
  const row = await credentialOf(c);
  if (row.cred) {
    if (!given) throw forbidden(ASK_FOR_PROOF[action].password, "password_required");
    await checkPassword(c, given, row.cred, action);
    return row;
  }
  const session = c.var.user.session;
  const [recent] = session
    ? await c.var.db
        .select({ id: refreshTokenFamilies.id })
        .from(refreshTokenFamilies)
        .where(
          and(
            eq(refreshTokenFamilies.id, session),
            eq(refreshTokenFamilies.userId, row.id),
            eq(refreshTokenFamilies.authMethod, "google"),
            isNull(refreshTokenFamilies.revokedAt),
            gt(refreshTokenFamilies.authenticatedAt, new Date(Date.now() - RECENT_GOOGLE_SIGNIN_MS)),
          ),
        )
        .limit(1)
    : [];
  if (!recent) throw forbidden(ASK_FOR_PROOF[action].google, "recent_sign_in_required");
  return row;
}

export const accountRoutes = new Hono<AppEnv>()
  .use(requireCurrentUser)
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })

  .get("/", async (c) => {
    const row = await credentialOf(c);
    const user = await findUser(c.var.db, row.id);
    const body: AccountSecurity = { hasPassword: row.cred !== null, google: Boolean(user?.googleSub) };
    return c.json(body, 200);
  })

  .patch("/profile", validate("json", profileBody), async (c) => {
    const { firstName, lastName, locale } = c.req.valid("json");
    const [user] = await c.var.db
      .update(users)
      .set({ firstName, lastName, locale, updatedAt: new Date() })
      .where(eq(users.id, c.var.user.id))
      .returning();
    if (!user) throw unauthorized(SESSION_ENDED, "session_ended");
    if (locale) {
      // Stripe's invoices and receipts follow (issue 50). The language is saved whatever Stripe answers: a failure
      // is logged, and the next change of language tells Stripe again.
      await syncCustomerLocale(c.var.config, user.stripeCustomerId, locale).catch((err: unknown) =>
        log("warn", "account: Stripe did not take the customer's language", { userId: user.id, locale, ...errorFields(err) }),
      );
    }
    return c.json(toApiUser(c.var.config, user, c.var.user.epoch), 200);
  })

  .post("/password", validate("json", passwordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const row = await credentialOf(c);
    if (!row.cred) throw conflict(said(m.errors_no_password_yet));
    await checkPassword(c, currentPassword, row.cred, "change-password");
    const hash = await hashPassword(c.var.config, newPassword);
    // The password changes and every session ends together; this browser gets a new session.
    const { set, token } = await c.var.db.transaction(async (tx) => ({
      set: await setPasswordAndEndSessions(tx, row.id, hash, "password-changed"),
      token: await startFamily({ db: tx, config: c.var.config }, row.id, "password"),
    }));
    await sendPasswordChangedNotice(c, set);
    const user = await findUser(c.var.db, row.id);
    if (!user) throw unauthorized(SESSION_ENDED, "session_ended");
    setRefreshCookie(c, token);
    const session = sessionOf(token);
    return c.json(
      { accessToken: await signAccessToken(c.var.config, { id: user.id, email: user.email, epoch: user.sessionEpoch, session }) },
      200,
    );
  })

  .post("/email", validate("json", emailBody), async (c) => {
    const { newEmail, password: given } = c.req.valid("json");
    const row = await credentialOf(c);
    if (!row.verifiedAt) throw forbidden(said(m.errors_verify_before_email_change));
    if (newEmail === row.email) throw badRequest(said(m.errors_same_email));
    await confirmIdentity(c, given, "change-email");
    if (await addressTaken(c.var.db, newEmail, row.id)) throw conflict(said(m.errors_email_taken), "email_taken");
    const token = await requestEmailChange(c.var.db, row.id, newEmail);
    await sendMail(c, emailChangeEmail(newEmail, emailLink(c, token, "verify"), userLocale(row)), "email change");
    return c.json({ sent: true, newEmail }, 202);
  })

  .post("/delete", validate("json", deleteBody), async (c) => {
    const userId = c.var.user.id;
    await confirmIdentity(c, c.req.valid("json").password, "delete-account");
    const { objects, canceledSubscriptions: canceled } = await deleteUser(c.var.db, c.var.config, c.env.IMAGES, userId);
    log("info", "account deleted", { requestId: c.get("requestId"), userId, objects, canceledSubscriptions: canceled });
    clearRefreshCookie(c);
    return c.json({ deleted: true }, 200);
  });
