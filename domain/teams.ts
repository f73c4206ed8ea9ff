/**
 * Teams (issue 25): the words and limits both the worker and the web app use. A team has one owner
 * (who is a member and takes a seat), members, invitations by email and one brand look.
 */
import type { DownloadOptions } from "./downloads";
import { STYLE_IDS } from "./styles";

export const TEAM_ROLES = ["owner", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation link works once and expires this many days after it was sent (or last re-sent). */
export const TEAM_INVITATION_DAYS = 7;
export const TEAM_NAME_MAX = 80;

/** A background colour as the owner picks it: #RRGGBB, stored upper-case. */
export const BRAND_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const normalizeBrandColor = (c: string) => c.toUpperCase();

export const TEAM_STYLE_IDS = STYLE_IDS;

/** The line the wizard shows for a member generating in the team look. */
export const teamLookLabel = (look: { style: string; brandColor: string }, backdrop: "color" | "photo" = "color") =>
  backdrop === "photo" ? `Team look: ${look.style}, on the company's backdrop` : `Team look: ${look.style}, background ${look.brandColor}`;

/**
 * The outfit rule beside the backdrop (issue 37): what every member wears in the team's photos. Absent:
 * the style's own clothing.
 */
export const OUTFITS = ["suit", "smart-casual", "own"] as const;
export type Outfit = (typeof OUTFITS)[number];
export const OUTFIT_LABELS: Record<Outfit, string> = {
  suit: "Suit",
  "smart-casual": "Smart casual",
  own: "Their own clothes (as in their photo)",
};

/**
 * The profile-picture template (issue 37, decision 257): round (transparent outside the circle) or square,
 * a border in the brand colour, one size. Always a PNG: the one lossless format with alpha that every
 * profile-picture upload form takes.
 */
export const TEMPLATE_SHAPES = ["round", "square"] as const;
export type TemplateShape = (typeof TEMPLATE_SHAPES)[number];
export const TEMPLATE_SIZE_MIN = 128;
export const TEMPLATE_SIZE_MAX = 2048;
export const TEMPLATE_BORDER_MAX = 64;
export interface ProfileTemplate {
  shape: TemplateShape;
  /** The side of the square picture, in pixels. */
  size: number;
  /** The border's width in pixels, in the brand colour; 0: none. */
  border: number;
}

/**
 * Why a template cannot be used, as a rule (the web app words it in the page's language, issue 50), or null: the
 * border is at most an eighth of the side (else little face is left).
 */
export type TemplateProblem = { rule: "size" } | { rule: "border" } | { rule: "border-ratio"; maxBorder: number; size: number };
export function templateRuleBroken(t: ProfileTemplate): TemplateProblem | null {
  if (!Number.isInteger(t.size) || t.size < TEMPLATE_SIZE_MIN || t.size > TEMPLATE_SIZE_MAX) return { rule: "size" };
  if (!Number.isInteger(t.border) || t.border < 0 || t.border > TEMPLATE_BORDER_MAX) return { rule: "border" };
  if (t.border * 8 > t.size) return { rule: "border-ratio", maxBorder: Math.floor(t.size / 8), size: t.size };
  return null;
}

/** Why a template cannot be used, in English (the worker's answer), or null. */
export function templateProblem(t: ProfileTemplate): string | null {
  const p = templateRuleBroken(t);
  if (!p) return null;
  if (p.rule === "size") return `The size must be a whole number of pixels from ${TEMPLATE_SIZE_MIN} to ${TEMPLATE_SIZE_MAX}.`;
  if (p.rule === "border") return `The border must be a whole number of pixels from 0 to ${TEMPLATE_BORDER_MAX}.`;
  return `The border can be at most an eighth of the size (${p.maxBorder} px at ${p.size} px).`;
}

/** The download a template makes: a square PNG of its size, round or square, the border in the brand colour. */
export function templateDownload(t: ProfileTemplate, brandColor: string | null): DownloadOptions {
  return {
    resolution: "high",
    shape: t.shape,
    fileFormat: "png",
    width: t.size,
    height: t.size,
    ...(t.border > 0 && brandColor ? { border: { width: t.border, color: brandColor } } : {}),
  };
}

export const TEAM_MESSAGES = {
  notInTeam: "You're not in a team.",
  ownerOnly: "Only the team's owner can do that.",
  alreadyInTeam: "You're already in a team. A person can belong to one team at a time.",
  noFreeSeats: "Every seat is taken or promised to an open invitation. Add seats, or revoke an invitation first.",
  invitationInvalid: "This invitation link is not valid any more. Ask the team's owner for a new one.",
  invitationOtherAddress: "This invitation was sent to another email address. Sign in with the invited address to accept it.",
  seatsBelowMembers:
    "You can't have fewer seats than the members and open invitations of the team. Remove members or revoke invitations first.",
  noTeamSubscription: "The team has no live subscription.",
  teamHasSubscription: "The team already has a subscription. Change its seats instead.",
  noTemplate: "The team's owner hasn't set a profile-picture template yet.",
  templateNeedsColor: "Pick the brand colour first: the template's border is drawn in it.",
  verifyBeforeInviting: "Please verify your email address before inviting people: open the link we emailed you.",
  inviteNeedsPaidTeam:
    "People can be invited once the team's seats are paid for. Buy the seats first, or update the card if a payment failed.",
  seatCutNotMade: "Stripe did not take the change of seats, so nothing changed. Please try again in a moment.",
} as const;
