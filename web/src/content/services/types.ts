/**
 * Copy for the nine audience pages (SPEC §2), one file each (./<slug>.ts) so a page loads only its own words:
 * each file imports only its page's messages (copy/messages/public, `public_<page>_*`), one tree-shaken
 * function per message, and builds the page's copy in the language being rendered.
 * Each page: a hero, three benefit cards, a six-item checklist and a closing call to action. Every button on these pages goes to /api/auth/login (the server sends a
 * signed-in visitor to the dashboard and anyone else to /auth).
 */
import type { ServiceSlug } from "@/lib/paths";
import { STYLES, type StyleId } from "../../../../domain/styles";

export interface ServiceContent {
  slug: ServiceSlug;
  /** <title> and meta description. */
  title: string;
  description: string;
  eyebrow: string;
  headline: string;
  lead: string;
  cta: string;
  /** Two styles shown beside the hero, first as a woman, second as a man; the first is preselected by the page's calls to action. */
  heroStyles: readonly [StyleId, StyleId];
  benefitsTitle: string;
  benefits: readonly { title: string; text: string }[];
  checklistTitle: string;
  checklist: readonly string[];
  closingTitle: string;
  /** May name the Team plan's seat price with TEAM_SEAT_PRICE: the page writes today's price there (decision 289). */
  closingText: string;
  closingCta: string;
}

/** A page's copy in the locale being rendered (call it while rendering, never at import). */
export type ServiceCopy = () => ServiceContent;

/**
 * Where a page's text says the Team plan's seat price. The page is built with the launch price in a
 * [data-live=price-team], and the worker writes today's price there once a Team price change is in effect
 * (worker/landing/serve.ts, decision 289).
 */
export const TEAM_SEAT_PRICE = "{team-seat-price}";

/** How many styles there are (domain/styles.ts). */
export const STYLE_COUNT = STYLES.length;

/** Every page's copy, loaded on demand (the browser) or all at once (the build: content/seo.ts). */
export const SERVICE_CONTENT_LOADERS = import.meta.glob<ServiceCopy>(["./*-headshots.ts"], { import: "default" });
export const loadServiceContent = (slug: ServiceSlug) => SERVICE_CONTENT_LOADERS[`./${slug}.ts`]!();
