import { safeReturnPath } from "../../../domain/return-path";

/** The one route table of the web app (SPEC §2). */
export const SERVICE_PAGES = [
  { slug: "linkedin-headshots", name: "LinkedIn Headshots", group: "Platform Specific" },
  { slug: "gmail-headshots", name: "Gmail Headshots", group: "Platform Specific" },
  { slug: "cv-headshots", name: "CV Headshots", group: "Platform Specific" },
  { slug: "actor-headshots", name: "Actor Headshots", group: "Industry Specific" },
  { slug: "modeling-headshots", name: "Modeling Headshots", group: "Industry Specific" },
  { slug: "business-headshots", name: "Business Headshots", group: "Industry Specific" },
  { slug: "professional-headshots", name: "Professional Headshots", group: "General Use" },
  { slug: "work-headshots", name: "Work Headshots", group: "General Use" },
  { slug: "ai-headshots", name: "AI Headshots", group: "General Use" },
] as const;

export const SERVICE_GROUPS = ["Platform Specific", "Industry Specific", "General Use"] as const;

export type ServiceSlug = (typeof SERVICE_PAGES)[number]["slug"];

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
  service: (slug: ServiceSlug) => `/services/${slug}`,
  dashboard: "/dashboard",
  /** The dashboard's views have their own URLs (decision 102): the gallery, and one headshot. */
  gallery: "/dashboard?view=gallery",
  headshot: (id: string) => `/dashboard?headshot=${encodeURIComponent(id)}`,
  /** A shoot's pictures (issue 24; the shoot-ready email links here: worker/shoots/finish.ts shootPath). */
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

/** Paths the signed-in app (app.tsx) owns; everything else is the public site. */
export const APP_PATHS = [paths.auth, paths.oauthCallback, paths.dashboard, paths.pricing, paths.account, paths.admin, paths.team];
export const isAppPath = (pathname: string) => APP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** Server-side navigations (not SPA routes). */
export const apiPaths = {
  googleSignIn: "/api/auth/google",
  login: "/api/auth/login",
} as const;

export const CONTACT_EMAIL = "support@headshot.studio";

/**
 * Where sign-in, sign-up or the verification link continues (`?next=`): only the invitation page (issue 25) or a
 * capture link's page (issue 37) of this site, or the admin dashboard (the operator, after choosing their password:
 * issue 46), so the parameter can never send anyone elsewhere; otherwise null (the dashboard). The worker checks the
 * team pages the same way (domain/return-path.ts, decision 326).
 */
export const safeNext = (next: string | null): string | null => (next === paths.admin ? next : safeReturnPath(next));

/** Where a verified address lands: the team page `next` names, or the dashboard, with the flag the notice reads (verified-notice.tsx). */
export const verifiedLanding = (next: string | null) => {
  const page = safeReturnPath(next);
  return page ? `${page}&verified=1` : `${paths.dashboard}?verified=1`;
};
