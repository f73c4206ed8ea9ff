/**
 * The team screens' words built from the team's data (issue 50): the look line, the outfit rules, a template's
 * problem and billing days, in the page's language. The rules stay in domain/teams.ts; the words are the
 * catalogue's (copy/messages/team).
 */
import {
  TEMPLATE_BORDER_MAX,
  TEMPLATE_SIZE_MAX,
  TEMPLATE_SIZE_MIN,
  templateRuleBroken,
  type ApiTeamInvitation,
  type Outfit,
  type ProfileTemplate,
} from "@/lib/domain";
import { formatDate, getLocale, m } from "@/lib/copy";

/** The line under the team's name: "Team look: Office, background #1E3A5F". */
export const teamLookLabel = (look: { style: string; brandColor: string }, backdrop: "color" | "photo" = "color") =>
  backdrop === "photo" ? m.team_look_photo({ style: look.style }) : m.team_look_color({ style: look.style, color: look.brandColor });

const OUTFIT_WORDS: Record<Outfit, () => string> = {
  suit: m.team_outfit_suit,
  "smart-casual": m.team_outfit_smart_casual,
  own: m.team_outfit_own,
};
export const outfitLabel = (o: Outfit) => OUTFIT_WORDS[o]();

/** Why a template cannot be used, in words, or null. */
export function templateProblem(t: ProfileTemplate): string | null {
  const p = templateRuleBroken(t);
  if (!p) return null;
  if (p.rule === "size") return m.team_template_size({ min: TEMPLATE_SIZE_MIN, max: TEMPLATE_SIZE_MAX });
  if (p.rule === "border") return m.team_template_border({ max: TEMPLATE_BORDER_MAX });
  return m.team_template_border_ratio({ max: p.maxBorder, size: p.size });
}

/** A billing day (renewals, a planned change of seats: days in UTC as Stripe keeps them): "5 March 2027". */
export const billingDay = (iso: string) => formatDate(iso, getLocale(), "long", { timeZone: "UTC" });

/** A day in the viewer's own zone, short: "5 Mar"; with its year: "5 Mar 2027". */
export const shortDay = (iso: string, withYear = false) => formatDate(iso, getLocale(), withYear ? "medium" : "day-month");

/** An invitation's state as the members panel badges it: waiting for its address, or past its days (issue 25). */
export const INVITATION_STATUS_WORDS: Record<ApiTeamInvitation["status"], () => string> = {
  invited: m.team_badge_invited,
  expired: m.team_badge_expired,
};
