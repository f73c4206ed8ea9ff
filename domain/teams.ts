/**
 * Teams (issue 25): the words and limits both the worker and the web app use. A team has one owner
 * (who is a member and takes a seat), members, invitations by email and one brand look.
 */
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
export const teamLookLabel = (look: { style: string; brandColor: string }) => `Team look: ${look.style}, background ${look.brandColor}`;

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
  inAnotherTeam: "This person is already in another team. A person can belong to one team at a time: they must leave it first.",
} as const;

/**
 * Why a person covered by a team's Team plan is not sold a plan of their own (decision 212): the seat
 * already gives everything a plan does, so a personal plan would charge them twice. Also the words
 * /account and /pricing show them.
 */
export function teamCoversYou(cover: { teamName: string; role: TeamRole }): string {
  return cover.role === "owner"
    ? `Your team "${cover.teamName}" is on the Team plan, and as its owner you have a seat: unlimited generations, every style, HD downloads and no watermark. A plan of your own would charge you twice; to have one, close the team first.`
    : `You have a seat in the team "${cover.teamName}", on its Team plan: unlimited generations, every style, HD downloads and no watermark. A plan of your own would charge you twice; to have one, leave the team first.`;
}
