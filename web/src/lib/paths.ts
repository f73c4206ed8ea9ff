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
  oauthCallback: "/oauth/callback",
  privacy: "/privacy-policy",
  terms: "/terms-of-service",
  service: (slug: ServiceSlug) => `/services/${slug}`,
  dashboard: "/dashboard",
  pricing: "/pricing",
  account: "/account",
  admin: "/admin",
} as const;

/** Paths the signed-in app (app.tsx) owns; everything else is the public site. */
export const APP_PATHS = [paths.auth, paths.oauthCallback, paths.dashboard, paths.pricing, paths.account, paths.admin];
export const isAppPath = (pathname: string) => APP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** Server-side navigations (not SPA routes). */
export const apiPaths = {
  googleSignIn: "/api/auth/google",
  login: "/api/auth/login",
} as const;

export const CONTACT_EMAIL = "support@headshot.studio";
