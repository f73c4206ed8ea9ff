/**
 * /api/auth — accounts and sessions (issue 3). Access tokens are short-lived JWTs the web app keeps in
 * memory; the refresh token lives in an HttpOnly cookie scoped to /api/auth and rotates on every use.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { credits, passwordCredentials, users } from "../../db/schema";
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/limits";
import type { AppEnv } from "../env";
import { conflict, unauthorized } from "../lib/errors";
import { errorFields, log } from "../lib/log";
import { clientIp, enforce, hit, refuseIfExhausted } from "../lib/rate-limit";
import { plainText, validate } from "../lib/validate";
import { appOrigin } from "../lib/app-origin";
import { createMailer } from "../mail/mailer";
import { verificationEmail } from "../mail/templates";
import { findUser, signInWithGoogle, toApiUser } from "./accounts";
import {
  OAUTH_COOKIE,
  OAUTH_COOKIE_PATH,
  OAUTH_STATE_TTL_SECONDS,
  TermsRequiredError,
  beginSignIn,
  finishSignIn,
  openState,
  sealState,
} from "./google";
import { authLimits, signinAttemptLimit, signinFailureLimit } from "./limits";
import { requireUser } from "./middleware";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import {
  clearRefreshCookie,
  peek,
  readRefreshCookie,
  revokeFamily,
  rotate,
  secureCookies,
  setRefreshCookie,
  startFamily,
} from "./sessions";
import { signAccessToken } from "./tokens";
import { consumeVerification, createVerification } from "./verification";

export const INVALID_CREDENTIALS = "Invalid email or password.";
const SIGNIN_THROTTLED = "Too many sign-in attempts. Please wait a moment and try again.";
const SESSION_ENDED = "Your session has ended. Please sign in again.";

const email = z.string({ error: "is required" }).trim().toLowerCase().pipe(plainText).pipe(z.email("Please enter a valid email address."));
const signupBody = z.object({
  email,
  password: z
    .string({ error: "is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  /** The visitor confirmed they are 13 or older and accepted the terms (SPEC §1). */
  acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
});
/** `?terms=accepted` on the Google sign-in start: the same confirmation, carried in the sealed state. */
const googleStartQuery = z.object({ terms: z.enum(["accepted"]).optional() });
const signinBody = z.object({
  email: z.string({ error: "is required" }).trim().toLowerCase().min(1, "is required").max(320).pipe(plainText),
  password: z.string({ error: "is required" }).min(1, "is required").max(PASSWORD_MAX_LENGTH, INVALID_CREDENTIALS),
});

/** Where links in emails and OAuth redirects point: APP_URL, else the origin the request came to. */
const googleRedirectUri = (c: Context<AppEnv>) => `${appOrigin(c)}/api/auth/google/callback`;

async function sendVerification(c: Context<AppEnv>, userId: string, to: string) {
  const token = await createVerification(c.var.db, userId);
  const link = `${appOrigin(c)}/api/auth/verify?token=${encodeURIComponent(token)}`;
  try {
    await createMailer(c.var.config, c.env).send(verificationEmail(to, link));
  } catch (err) {
    // The account exists either way; the user can ask for another email.
    log("error", "verification email not sent", { requestId: c.get("requestId"), ...errorFields(err) });
  }
}

async function authResult(c: Context<AppEnv>, userId: string) {
  const user = await findUser(c.var.db, userId);
  if (!user) throw unauthorized(SESSION_ENDED);
  return { user: toApiUser(c.var.config, user), accessToken: await signAccessToken(c.var.config, user) };
}

export const authRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store"); // tokens and personal data: never cached
  })

  .post("/signup", validate("json", signupBody), async (c) => {
    const { email, password } = c.req.valid("json");
    await enforce(c.var.db, await authLimits("signup", clientIp(c.req), email), "Too many sign-up attempts. Please wait a moment and try again.");
    const hash = await hashPassword(password);
    const [user] = await c.var.db.insert(users).values({ email, termsAcceptedAt: new Date() }).onConflictDoNothing().returning({ id: users.id });
    if (!user) throw conflict("An account with this email already exists. Please sign in instead.");
    await c.var.db.insert(passwordCredentials).values({ userId: user.id, ...hash });
    await c.var.db.insert(credits).values({ userId: user.id }).onConflictDoNothing();
    await sendVerification(c, user.id, email);
    setRefreshCookie(c, await startFamily(c.var, user.id, "password"));
    return c.json(await authResult(c, user.id), 201);
  })

  .post("/signin", validate("json", signinBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c.req);
    const failures = await signinFailureLimit(ip, email);
    await enforce(c.var.db, [signinAttemptLimit(ip)], SIGNIN_THROTTLED);
    await refuseIfExhausted(c.var.db, failures, SIGNIN_THROTTLED);
    const failed = async () => {
      await hit(c.var.db, failures.key, failures.limit, failures.windowSeconds);
      return unauthorized(INVALID_CREDENTIALS);
    };
    const [row] = await c.var.db
      .select({ id: users.id, cred: passwordCredentials })
      .from(users)
      .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    if (!row?.cred) {
      await burnPasswordCheck(password); // same time as a real check
      throw await failed();
    }
    if (!(await verifyPassword(password, row.cred))) throw await failed();
    setRefreshCookie(c, await startFamily(c.var, row.id, "password"));
    return c.json(await authResult(c, row.id), 200);
  })

  .post("/refresh", async (c) => {
    const rotated = await rotate(c.var, readRefreshCookie(c));
    if (!rotated) {
      clearRefreshCookie(c);
      throw unauthorized(SESSION_ENDED);
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
    const cookie = readRefreshCookie(c);
    const user = await peek(c.var, cookie);
    if (!user) {
      if (cookie) clearRefreshCookie(c);
      return c.json(null, 200);
    }
    return c.json(await authResult(c, user.id), 200);
  })

  .get("/user", requireUser, async (c) => {
    const user = await findUser(c.var.db, c.var.user.id);
    if (!user) throw unauthorized(SESSION_ENDED);
    return c.json(toApiUser(c.var.config, user), 200);
  })

  .get("/verify", validate("query", z.object({ token: z.string().trim().min(1, "is required").max(200) })), async (c) => {
    const outcome = await consumeVerification(c.var.db, c.req.valid("query").token);
    if (outcome.ok) return c.redirect("/dashboard?verified=1", 302); // the web app confirms it (verified-notice.tsx)
    return c.redirect(`/auth?error=${outcome.reason === "expired" ? "verification_expired" : "verification_invalid"}`, 302);
  })

  .post("/resend-verification", requireUser, async (c) => {
    const user = await findUser(c.var.db, c.var.user.id);
    if (!user) throw unauthorized(SESSION_ENDED);
    await enforce(c.var.db, await authLimits("resend", clientIp(c.req), user.email), "Too many verification emails. Please wait a moment and try again.");
    if (user.emailVerifiedAt) throw conflict("Your email address is already verified.");
    await sendVerification(c, user.id, user.email);
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
      log("warn", "google sign-in could not start", { requestId: c.get("requestId"), reason: err instanceof Error ? err.message : String(err) });
      return c.redirect("/auth?error=oauth_error", 302);
    }
  })

  .get("/google/callback", async (c) => {
    const sealed = getCookie(c, OAUTH_COOKIE);
    deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: secureCookies(c.var.config) });
    try {
      const { code, state, error } = c.req.query();
      if (error) throw new Error(`provider returned error=${error}`);
      const expected = await openState(c.var.config, sealed);
      if (!code || !state || state !== expected.state) throw new Error("state mismatch or missing code");
      const identity = await finishSignIn(c.var.config, googleRedirectUri(c), code, expected);
      const { user, created } = await signInWithGoogle(c.var.db, identity, expected.termsAccepted);
      setRefreshCookie(c, await startFamily(c.var, user.id, "google"));
      // A first sign-in: the web app sends the registration event (SPEC §4).
      return c.redirect(created ? "/oauth/callback?registered=1" : "/oauth/callback", 302);
    } catch (err) {
      if (err instanceof TermsRequiredError) return c.redirect("/auth?tab=signup&error=terms_required", 302);
      log("warn", "google sign-in refused", { requestId: c.get("requestId"), reason: err instanceof Error ? err.message : String(err) });
      return c.redirect("/auth?error=oauth_error", 302);
    }
  })

  /**
   * The audience pages' buttons navigate here: a visitor with a live session (a valid refresh cookie) goes
   * to the dashboard, anyone else to /auth. Peeking does not rotate the token.
   */
  .get("/login", async (c) => {
    const user = await peek(c.var, readRefreshCookie(c));
    return c.redirect(user ? "/dashboard" : "/auth", 302);
  });
