import { landings, paths as appPaths } from "../../../domain/paths";
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

/** The pages' paths are shared with the worker's mails and redirects (domain/paths.ts, decision 330). */
export const paths = {
  ...appPaths,
  service: (slug: ServiceSlug) => `/services/${slug}`,
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

/** Where a verified address lands: the page `next` names, or the dashboard, with the flag the notice reads (verified-notice.tsx). */
export const verifiedLanding = landings.verified;
