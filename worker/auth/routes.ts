/**
 * /api/auth — accounts and sessions (issue 3). Access tokens are short-lived JWTs the web app keeps in
 * memory; the refresh token lives in an HttpOnly cookie scoped to /api/auth and rotates on every use.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { passwordCredentials, users } from "../../db/schema";
import { MESSAGES, PASSWORD_MAX_LENGTH } from "../../domain/limits";
import { emailField, newPasswordField, returnPathField } from "./fields";
import { emailLink, sendMail, sendPasswordChangedNotice } from "./mail";
import type { AppEnv } from "../env";
import {
  ApiError,
  badRequest,
  conflict,
  unauthorized,
  isUniqueViolation,
  log,
  clientIp,
  enforce,
  hit,
  refuseIfExhausted,
  plainText,
  validate,
  appOrigin,
  SESSION_ENDED,
  requireCurrentUser,
  requireUser,
  signAccessToken,
  requestLocale,
  userLocale,
  accountLocale,
  said,
  inputWords,
} from "../lib";
import { m, type Locale } from "../../copy";
import { STYLES } from "../../domain/styles";
import { landings } from "../../domain/paths";
import { safeReturnPath } from "../../domain/return-path";
import { emailChangedNotice, passwordResetEmail, verificationEmail } from "../mail";
import { createUser } from "./create-user";
import { completeEmailChange, type EmailChange } from "./email-change";
import { findUser, signInWithGoogle, toApiUser } from "./accounts";
import {
  OAUTH_COOKIE,
  OAUTH_COOKIE_PATH,
  OAUTH_STATE_TTL_SECONDS,
  PENDING_COOKIE,
  TermsRequiredError,
  beginSignIn,
  finishSignIn,
  openPendingIdentity,
  openState,
  sealPendingIdentity,
  sealState,
  type GoogleIdentity,
} from "./google";
import { authLimits, signinAttemptLimit, signinFailureLimit } from "./limits";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { createPasswordReset, resetPassword, setPasswordAndEndSessions } from "./password-reset";
import {
  clearRefreshCookie,
  hasSignedInHint,
  peek,
  requestSession,
  readRefreshCookie,
  revokeFamily,
  rotate,
  secureCookies,
  sessionOf,
  setRefreshCookie,
  startFamily,
} from "./sessions";
import {
  createEmailToken,
  createVerification,
  isUsable,
  pendingVerification,
  proveAddress,
  useEmailToken,
  type Proof,
  type TokenFailure,
  type UsedToken,
} from "./verification";

export const INVALID_CREDENTIALS = said(m.errors_invalid_credentials);
const SIGNIN_THROTTLED = said(m.errors_signin_throttled);
export const RESET_LINK_UNUSABLE = said(m.errors_reset_link_unusable);

const email = emailField;
const signupBody = z.object({
  email,
  password: newPasswordField,
  /** The visitor confirmed they are 13 or older and accepted the terms (SPEC §1). */
  acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  /** Where the verification mail's link continues: the team link's page the person signed up from (decision 326). */
  next: returnPathField.optional(),
});
/** The confirmation given on /auth for a Google sign-in that waits for it (decision 104). */
const googleConfirmBody = z.object({ acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }) });
const GOOGLE_PENDING_EXPIRED = said(m.errors_google_pending_expired);
/** `?style=<slug>` on /api/auth/login: an audience page's style, passed on only when it is one of ours. */
const loginQuery = z.object({ style: z.string().optional() });
/** `?terms=accepted` on the Google sign-in start: the same confirmation, carried in the sealed state. */
const googleStartQuery = z.object({ terms: z.enum(["accepted"]).optional() });
/** A password typed to prove who someone is (not a new one): any length up to the maximum. */
const typedPassword = z.string({ error: "is required" }).min(1, "is required").max(PASSWORD_MAX_LENGTH, inputWords(INVALID_CREDENTIALS));
const signinBody = z.object({
  email: z.string({ error: "is required" }).trim().toLowerCase().min(1, "is required").max(320).pipe(plainText),
  password: typedPassword,
});

const mailedToken = z.string({ error: "is required" }).trim().min(1, "is required").max(200);
const resetBody = z.object({ token: mailedToken, password: newPasswordField });
/** /auth/verify: the sign-up password confirmed, or a new one chosen, with the verification link's token (decision 325). */
const confirmBody = z.object({ token: mailedToken, password: typedPassword });
const verifyQuery = z.object({ token: mailedToken, next: z.string().optional() });
const resendBody = z.object({ next: returnPathField.optional() });

export const VERIFICATION_LINK_UNUSABLE = said(m.errors_verification_link_unusable);
export const NOT_THE_SIGNUP_PASSWORD = said(m.errors_not_the_signup_password);
const OPERATOR_CHOOSES_PASSWORD = said(m.errors_operator_chooses_password);

/** Where links in emails and OAuth redirects point: APP_URL, else the origin the request came to. */
const googleRedirectUri = (c: Context<AppEnv>) => `${appOrigin(c)}/api/auth/google/callback`;

/** `locale`: the account's language (set at sign-up from the request's: issue 50). */
async function sendVerification(c: Context<AppEnv>, userId: string, to: string, locale: Locale, next?: string) {
  const token = await createVerification(c.var.db, userId);
  await sendMail(c, verificationEmail(to, emailLink(c, token, "verify", next), locale), "verification");
}

type Session = Awaited<ReturnType<typeof peek>>;

/**
 * Whether a verification link must first ask who opened it (/auth/verify, decision 325): the account has the
 * password it was signed up with, and this browser is not signed in to it. The operator's address never
 * asks: it always chooses its password after the proof (decision 085).
 */
async function asksWhoOpenedIt(c: Context<AppEnv>, token: string, session: Session): Promise<boolean> {
  const pending = await pendingVerification(c.var.db, token);
  return Boolean(pending?.hasPassword && pending.email !== c.var.config.OPERATOR_EMAIL && session?.id !== pending.userId);
}

type LinkOutcome = (UsedToken & { proof?: Proof; change?: EmailChange }) | TokenFailure;

/**
 * Uses a verification or email-change link in one transaction. A verification link opened in the browser
 * signed in to this very account keeps the password and the sessions (the person who set the password is the
 * one proving the address, decisions 085 and 325); anywhere else, what was set before the proof ends.
 */
async function useEmailLink(c: Context<AppEnv>, token: string, session: Session): Promise<LinkOutcome> {
  return c.var.db.transaction(async (tx) => {
    const used = await useEmailToken(tx, token, ["verify", "email-change"]);
    if (!used.ok) return used;
    if (used.purpose === "email-change")
      return { ...used, change: await completeEmailChange(tx, c.var.config, used.userId, used.newEmail!) };
    return {
      ...used,
      proof: await proveAddress(tx, c.var.config, used.userId, session?.id === used.userId),
    };
  });
}

/**
 * After a proof ended the password: the owner chooses one on the reset page (a fresh reset link). A
 * refresh cookie this browser holds is left alone: if it was this account's, it is revoked and the next
 * /session clears it; if it is another account's, it is none of this link's business.
 */
async function choosePasswordRedirect(c: Context<AppEnv>, userId: string) {
  const token = await createEmailToken(c.var.db, userId, "reset");
  // The operator's address always comes here (operator rights need a password set after the proof): the
  // page says so, rather than a bare "Choose a new password" (issue 35).
  const operator = (await findUser(c.var.db, userId))?.email === c.var.config.OPERATOR_EMAIL;
  return c.redirect(landings.reset(token, operator ? "operator" : "1"), 302);
}

/** The user and an access token of the session `session` (a refresh-token family id). */
async function authResult(c: Context<AppEnv>, userId: string, session: string) {
  const user = await findUser(c.var.db, userId);
  if (!user) throw unauthorized(SESSION_ENDED, "session_ended");
  return {
    user: toApiUser(c.var.config, user),
    accessToken: await signAccessToken(c.var.config, { id: user.id, email: user.email, epoch: user.sessionEpoch, session }),
  };
}

export const authRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store"); // tokens and personal data: never cached
  })

  .post("/signup", validate("json", signupBody), async (c) => {
    const { email, password, next } = c.req.valid("json");
    const user = await createUser(c.var.db, c.var.config, {
      email,
      password,
      ip: clientIp(c.req),
      locale: requestLocale(c.req.raw.headers),
    });
    if (!user) throw conflict(said(m.errors_email_taken_sign_in), "email_taken");
    await sendVerification(c, user.id, email, userLocale(user), next);
    const refresh = await startFamily(c.var, user.id, "password");
    setRefreshCookie(c, refresh);
    return c.json(await authResult(c, user.id, sessionOf(refresh)), 201);
  })

  .post("/signin", validate("json", signinBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c.req);
    const failures = await signinFailureLimit(ip, email);
    await enforce(c.var.db, [signinAttemptLimit(ip)], SIGNIN_THROTTLED);
    await refuseIfExhausted(c.var.db, failures, SIGNIN_THROTTLED);
    const failed = async () => {
      await hit(c.var.db, failures.key, failures.limit, failures.windowSeconds);
      return unauthorized(INVALID_CREDENTIALS, "wrong_credentials");
    };
    const [row] = await c.var.db
      .select({ id: users.id, cred: passwordCredentials })
      .from(users)
      .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    if (!row?.cred) {
      await burnPasswordCheck(c.var.config, password); // same time as a real check
      throw await failed();
    }
    if (!(await verifyPassword(password, row.cred))) throw await failed();
    const refresh = await startFamily(c.var, row.id, "password");
    setRefreshCookie(c, refresh);
    return c.json(await authResult(c, row.id, sessionOf(refresh)), 200);
  })

  .post("/refresh", async (c) => {
    const rotated = await rotate(c.var, readRefreshCookie(c));
    if (!rotated) {
      clearRefreshCookie(c);
      throw unauthorized(SESSION_ENDED, "session_ended");
    }
    setRefreshCookie(c, rotated.token);
    return c.json({ accessToken: await signAccessToken(c.var.config, rotated.user) }, 200);
  })

  .post("/signout", async (c) => {
    await revokeFamily(c.var, readRefreshCookie(c));
    clearRefreshCookie(c);
    return c.body(null, 204);
  })

  .get("/session", async (c) => {
    // Having no session is not an error (a signed-out visitor asks on every page load): 200 null.
    const user = await requestSession(c);
    if (!user) {
      if (readRefreshCookie(c) || hasSignedInHint(c)) clearRefreshCookie(c);
      return c.json(null, 200);
    }
    return c.json(await authResult(c, user.id, user.familyId), 200);
  })

  .get("/user", requireCurrentUser, async (c) => {
    const user = await findUser(c.var.db, c.var.user.id);
    if (!user) throw unauthorized(SESSION_ENDED, "session_ended");
    return c.json(toApiUser(c.var.config, user, c.var.user.epoch), 200);
  })

  /**
   * The link of a verification or an email-change mail. A verification link opened away from the browser that
   * signed up asks first, on /auth/verify, for the sign-up password (or a new one): nothing is used or ended
   * until then (decision 325). `next`, where a team link's sign-up continues, is kept only when it is one of
   * our team pages (safeReturnPath, decision 326); anything else is dropped, never followed.
   */
  .get("/verify", validate("query", verifyQuery), async (c) => {
    const { token } = c.req.valid("query");
    const next = safeReturnPath(c.req.valid("query").next);
    const session = await peek(c.var, readRefreshCookie(c));
    if (await asksWhoOpenedIt(c, token, session)) {
      return c.redirect(landings.verifyAsk(token, next), 302);
    }
    let outcome: LinkOutcome;
    try {
      outcome = await useEmailLink(c, token, session);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return c.redirect(landings.emailTaken, 302); // another account took the address meanwhile
    }
    if (!outcome.ok) return c.redirect(landings.verificationFailed(outcome.reason === "expired" ? "expired" : "invalid"), 302);
    const { change, proof } = outcome;
    if (change) {
      if (!change.ok) return c.redirect(landings.emailTaken, 302);
      const locale = (await accountLocale(c.var.db, { id: outcome.userId })) ?? requestLocale(c.req.raw.headers);
      await sendMail(c, emailChangedNotice(change.oldEmail, change.newEmail, locale), "email changed notice");
      if (change.credentialsEnded) return choosePasswordRedirect(c, outcome.userId);
      return c.redirect(landings.emailChanged, 302);
    }
    if (proof?.passwordRemoved) return choosePasswordRedirect(c, outcome.userId);
    return c.redirect(landings.verified(next), 302); // the web app confirms it (verified-notice.tsx)
  })

  /**
   * /auth/verify, "It's me": the password the account was signed up with, typed on the device that opened the
   * verification link. The address is proved, the password and every session stay (the laptop that signed up
   * stays signed in), and this device is signed in too (decision 325). Wrong passwords count as failed sign-ins.
   */
  .post("/verify/confirm", validate("json", confirmBody), async (c) => {
    const { token, password } = c.req.valid("json");
    const pending = await pendingVerification(c.var.db, token);
    if (!pending) throw badRequest(VERIFICATION_LINK_UNUSABLE, "link_unusable");
    if (pending.email === c.var.config.OPERATOR_EMAIL) throw conflict(OPERATOR_CHOOSES_PASSWORD, "new_password_required");
    const ip = clientIp(c.req);
    const failures = await signinFailureLimit(ip, pending.email);
    await enforce(c.var.db, [signinAttemptLimit(ip)], SIGNIN_THROTTLED);
    await refuseIfExhausted(c.var.db, failures, SIGNIN_THROTTLED);
    const [cred] = await c.var.db.select().from(passwordCredentials).where(eq(passwordCredentials.userId, pending.userId)).limit(1);
    if (!cred || !(await verifyPassword(password, cred))) {
      await hit(c.var.db, failures.key, failures.limit, failures.windowSeconds);
      throw unauthorized(NOT_THE_SIGNUP_PASSWORD, "wrong_credentials");
    }
    const proved = await c.var.db.transaction(async (tx) => {
      const used = await useEmailToken(tx, token, ["verify"]);
      // the same account, and still the password just checked (a change since would have retired the link)
      if (!used.ok || used.userId !== pending.userId) return false;
      await proveAddress(tx, c.var.config, used.userId, true);
      return true;
    });
    if (!proved) throw badRequest(VERIFICATION_LINK_UNUSABLE, "link_unusable");
    const refresh = await startFamily(c.var, pending.userId, "password");
    setRefreshCookie(c, refresh);
    return c.json(await authResult(c, pending.userId, sessionOf(refresh)), 200);
  })

  /**
   * /auth/verify, "Choose a new password": whoever set the password before is not the person who opened the
   * link (a squatter), or it is forgotten. The address is proved; the old password, every session and what was
   * set up before end (decision 085); the new password is set in the same transaction and this device is
   * signed in with it (decision 325).
   */
  .post("/verify/new-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    if (!(await isUsable(c.var.db, token, ["verify"]))) throw badRequest(VERIFICATION_LINK_UNUSABLE, "link_unusable");
    const hash = await hashPassword(c.var.config, password);
    const userId = await c.var.db.transaction(async (tx) => {
      const used = await useEmailToken(tx, token, ["verify"]);
      if (!used.ok) return null;
      await proveAddress(tx, c.var.config, used.userId);
      await setPasswordAndEndSessions(tx, used.userId, hash, "password-reset");
      return used.userId;
    });
    if (!userId) throw badRequest(VERIFICATION_LINK_UNUSABLE, "link_unusable");
    const refresh = await startFamily(c.var, userId, "password");
    setRefreshCookie(c, refresh);
    return c.json(await authResult(c, userId, sessionOf(refresh)), 200);
  })

  /** Forgot password: the same answer whether or not the address has an account (decision 086). */
  .post("/forgot-password", validate("json", z.object({ email })), async (c) => {
    const { email } = c.req.valid("json");
    await enforce(c.var.db, await authLimits("reset", clientIp(c.req), email), said(m.errors_reset_throttled));
    const token = await createPasswordReset(c.var.db, email);
    if (token) {
      const locale = (await accountLocale(c.var.db, { email })) ?? requestLocale(c.req.raw.headers);
      await sendMail(c, passwordResetEmail(email, emailLink(c, token, "reset"), locale), "password reset");
    }
    return c.json({ sent: true }, 202);
  })

  /** Sets the new password from a reset link; every session ends. */
  .post("/reset-password", validate("json", resetBody), async (c) => {
    const { token, password } = c.req.valid("json");
    const set = await resetPassword(c.var.db, c.var.config, token, password);
    if (!set) throw badRequest(RESET_LINK_UNUSABLE, "link_unusable");
    await sendPasswordChangedNotice(c, set);
    clearRefreshCookie(c);
    return c.json({ reset: true }, 200);
  })

  /** `next`: the team link's page asking, where the new link continues (decision 326). */
  .post("/resend-verification", requireUser, validate("json", resendBody), async (c) => {
    const user = await findUser(c.var.db, c.var.user.id);
    if (!user) throw unauthorized(SESSION_ENDED, "session_ended");
    await enforce(c.var.db, await authLimits("resend", clientIp(c.req), user.email), said(m.errors_resend_throttled));
    if (user.emailVerifiedAt) throw conflict(said(m.errors_already_verified), "already_verified");
    await sendVerification(c, user.id, user.email, userLocale(user), c.req.valid("json").next);
    return c.json({ sent: true }, 202);
  })

  .get("/google", validate("query", googleStartQuery), async (c) => {
    try {
      const termsAccepted = c.req.valid("query").terms === "accepted";
      const { url, state } = await beginSignIn(c.var.config, googleRedirectUri(c), termsAccepted);
      setCookie(c, OAUTH_COOKIE, await sealState(c.var.config, state), {
        httpOnly: true,
        sameSite: "Lax",
        secure: secureCookies(c.var.config),
        path: OAUTH_COOKIE_PATH,
        maxAge: OAUTH_STATE_TTL_SECONDS,
      });
      return c.redirect(url, 302);
    } catch (err) {
      log("warn", "google sign-in could not start", {
        requestId: c.get("requestId"),
        reason: err instanceof Error ? err.message : String(err),
      });
      return c.redirect(landings.oauthError, 302);
    }
  })

  .get("/google/callback", async (c) => {
    let identity: GoogleIdentity | undefined;
    const sealed = getCookie(c, OAUTH_COOKIE);
    deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: secureCookies(c.var.config) });
    try {
      const { code, state, error } = c.req.query();
      if (error) throw new Error(`provider returned error=${error}`);
      const expected = await openState(c.var.config, sealed);
      if (!code || !state || state !== expected.state) throw new Error("state mismatch or missing code");
      identity = await finishSignIn(c.var.config, googleRedirectUri(c), code, expected);
      const { user, created } = await signInWithGoogle(
        c.var.db,
        c.var.config,
        identity,
        expected.termsAccepted,
        clientIp(c.req),
        requestLocale(c.req.raw.headers),
      );
      setRefreshCookie(c, await startFamily(c.var, user.id, "google"));
      // A first sign-in: the web app sends the registration event (SPEC §4).
      return c.redirect(landings.oauthDone(created), 302);
    } catch (err) {
      if (err instanceof TermsRequiredError && identity) {
        // A new person from the Sign In tab: they confirm on /auth, without a second trip to Google.
        setCookie(c, PENDING_COOKIE, await sealPendingIdentity(c.var.config, identity), {
          httpOnly: true,
          sameSite: "Lax",
          secure: secureCookies(c.var.config),
          path: OAUTH_COOKIE_PATH,
          maxAge: OAUTH_STATE_TTL_SECONDS,
        });
        return c.redirect(landings.googleConfirm, 302);
      }
      if (err instanceof ApiError && err.status === 429) return c.redirect(landings.signupThrottled, 302);
      log("warn", "google sign-in refused", { requestId: c.get("requestId"), reason: err instanceof Error ? err.message : String(err) });
      return c.redirect(landings.oauthError, 302);
    }
  })

  /** The Google sign-in waiting for the age and terms confirmation: whose it is, for the /auth screen. */
  .get("/google/pending", async (c) => {
    const identity = await openPendingIdentity(c.var.config, getCookie(c, PENDING_COOKIE));
    c.header("Cache-Control", "no-store");
    if (!identity) return c.json({ pending: null });
    return c.json({ pending: { email: identity.email, firstName: identity.givenName } });
  })

  /** The confirmation given on /auth: creates the account the Google sign-in was waiting for, and signs in. */
  .post("/google/confirm", validate("json", googleConfirmBody), async (c) => {
    const identity = await openPendingIdentity(c.var.config, getCookie(c, PENDING_COOKIE));
    if (!identity) throw badRequest(GOOGLE_PENDING_EXPIRED, "link_unusable");
    const { user, created } = await signInWithGoogle(
      c.var.db,
      c.var.config,
      identity,
      true,
      clientIp(c.req),
      requestLocale(c.req.raw.headers),
    );
    deleteCookie(c, PENDING_COOKIE, { path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: secureCookies(c.var.config) });
    setRefreshCookie(c, await startFamily(c.var, user.id, "google"));
    return c.json({ registered: created });
  })

  /**
   * The audience pages' buttons navigate here: a visitor with a live session (a valid refresh cookie) goes
   * to the dashboard, anyone else to /auth's Sign Up tab. Peeking does not rotate the token. An audience
   * page's `style` goes along when it is one of the 10 styles' slugs (decision 103); anything else is dropped.
   */
  .get("/login", validate("query", loginQuery), async (c) => {
    const user = await requestSession(c);
    const slug = STYLES.find((s) => s.slug === c.req.valid("query").style)?.slug;
    return c.redirect(landings.login(Boolean(user), slug), 302);
  });
