/**
 * The web app's pages and the query flags its pages read (issue 49): one table for the web app's links and
 * router (web/src/lib/paths.ts) and for the worker's mails, redirects and Stripe return URLs, so neither side
 * spells a page of the other (dev/contract.test.ts keeps the worker to it; decision 330).
 */
import { safeReturnPath } from "./return-path";

export const paths = {
  home: "/",
  howItWorks: "/#how-it-works",
  aiStyles: "/#ai-styles",
  pricingAnchor: "/#pricing",
  auth: "/auth",
  authForgot: "/auth/forgot",
  authReset: "/auth/reset",
  /** A verification link opened away from the browser that signed up asks who opened it (decision 325). */
  authVerify: "/auth/verify",
  oauthCallback: "/oauth/callback",
  privacy: "/privacy-policy",
  terms: "/terms-of-service",
  dashboard: "/dashboard",
  /** The dashboard's views have their own URLs (decision 102): the gallery, and one headshot. */
  gallery: "/dashboard?view=gallery",
  headshot: (id: string) => `/dashboard?headshot=${encodeURIComponent(id)}`,
  /** A shoot's pictures (issue 24; the shoot-ready email links here). */
  shoot: (id: string) => `/dashboard?shoot=${encodeURIComponent(id)}`,
  /** Every "Get Started" / "Sign up" call to action opens the Sign Up tab. */
  signUp: "/auth?tab=signup",
  pricing: "/pricing",
  account: "/account",
  admin: "/admin",
  /** The team page (issue 25) and the page an invitation link opens. */
  team: "/team",
  teamJoin: "/team/join",
  /** A team's capture link (issue 37). */
  teamCapture: "/team/capture",
} as const;

/** Where the worker sends people back to, with the flags the pages read (`?verified=1`, `?checkout=…`, `?portal=return`). */
export const landings = {
  /** A verified address: the team link's page `next` names (decision 326), or the dashboard (verified-notice.tsx). */
  verified: (next: string | null) => {
    const page = safeReturnPath(next);
    return page ? `${page}&verified=1` : `${paths.dashboard}?verified=1`;
  },
  /** A verification link opened elsewhere asks first who opened it (decision 325). */
  verifyAsk: (token: string, next: string | null) =>
    `${paths.authVerify}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`,
  /** A password to choose: a reset link's page, or the same page after a proof ended the password (`verified`). */
  reset: (token: string, verified?: "1" | "operator") =>
    `${paths.authReset}?token=${encodeURIComponent(token)}${verified ? `&verified=${verified}` : ""}`,
  verificationFailed: (reason: "expired" | "invalid") => `${paths.auth}?error=verification_${reason}`,
  emailTaken: `${paths.account}?error=email_taken`,
  emailChanged: `${paths.account}?email=changed`,
  oauthError: `${paths.auth}?error=oauth_error`,
  googleConfirm: `${paths.signUp}&google=confirm`,
  signupThrottled: `${paths.signUp}&error=signup_throttled`,
  /** After Google: a first sign-in tells the web app to send the registration event (SPEC §4). */
  oauthDone: (registered: boolean) => (registered ? `${paths.oauthCallback}?registered=1` : paths.oauthCallback),
  /** The audience pages' buttons (decision 103): the dashboard when signed in, else the Sign Up tab; `style` a style's slug. */
  login: (signedIn: boolean, style?: string) => {
    const query = style ? `style=${style}` : "";
    if (signedIn) return query ? `${paths.dashboard}?${query}` : paths.dashboard;
    return query ? `${paths.signUp}&${query}` : paths.signUp;
  },
  /** Stripe Checkout's return URLs (`{CHECKOUT_SESSION_ID}` is Stripe's placeholder); use-billing-returns.ts reads them. */
  checkoutSuccess: `${paths.dashboard}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  checkoutCanceled: `${paths.pricing}?checkout=canceled`,
  teamCheckoutSuccess: `${paths.team}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  teamCheckoutCanceled: `${paths.team}?checkout=canceled`,
  /** The billing portal's way back. */
  portalReturn: `${paths.account}?portal=return`,
  teamInvitation: (token: string) => `${paths.teamJoin}?token=${encodeURIComponent(token)}`,
  teamCaptureLink: (token: string) => `${paths.teamCapture}?token=${encodeURIComponent(token)}`,
} as const;

/** The absolute URL of a page of the web app at `origin` (APP_URL, with or without a trailing slash). */
export const appUrl = (origin: string | undefined, path: string) => `${(origin ?? "").replace(/\/+$/, "")}${path}`;
