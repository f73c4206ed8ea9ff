/** What the team routes answer (/api/team…, issue 25); the web app reads the same types. */
import type { StyleId } from "./styles";
import type { Outfit, ProfileTemplate, TeamRole } from "./teams";
import type { ImportRowStatus } from "./team-capture";

export interface ApiTeamSubscription {
  status: string;
  seats: number;
  /** Fewer seats from `scheduledAt` (the period end), when a reduction is pending. */
  scheduledSeats: number | null;
  scheduledAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The team's members have the paid features now (active, period not over); past_due pauses them. */
  entitled: boolean;
  /** Alive at Stripe: entitled, or its payment failing (domain/subscription-status.ts). */
  live: boolean;
  /** What one seat costs this team a month now: its own price, which a price change reaches only at a renewal (issue 37). */
  seatCents: number;
}

export interface ApiTeamLook {
  style: string;
  brandColor: string;
}

/**
 * The team's shoot beside its look (issue 37): the backdrop is the brand colour or the company's photo
 * (GET /api/team/backdrop gives the photo to members), the outfit rule, the profile-picture template.
 */
export interface ApiTeamShoot {
  backdrop: "color" | "photo";
  outfit: Outfit | null;
  template: ProfileTemplate | null;
}

export interface ApiTeamMember {
  userId: string;
  email: string;
  name: string;
  role: TeamRole;
  joinedAt: string;
  hasChosenPhoto: boolean;
}

export interface ApiTeamInvitation {
  id: string;
  email: string;
  /** `invited`: open (holds a seat); `expired`: no longer usable, re-send it to open it again. */
  status: "invited" | "expired";
  expiresAt: string;
  sentAt: string;
  resentCount: number;
}

/** GET /api/team: the caller's team, as the owner or a member sees it; null outside any team. */
export type ApiMyTeam =
  | {
      role: "owner";
      team: { id: string; name: string; look: ApiTeamLook | null; shoot: ApiTeamShoot };
      /** The team's Team plan is alive at Stripe and covers its owner's seat: no personal plan is sold (decision 212). */
      covered: boolean;
      subscription: ApiTeamSubscription | null;
      /** Seats paid for (what may be filled now), members in them, and open invitations holding one. */
      seats: { paid: number; used: number; invited: number };
      members: ApiTeamMember[];
      invitations: ApiTeamInvitation[];
      myChosenHeadshotId: string | null;
      /** The caller also pays for a plan of their own, which the team seat makes unnecessary. */
      ownPlanNotNeeded: boolean;
    }
  | {
      role: "member";
      team: { id: string; name: string; look: ApiTeamLook | null; shoot: ApiTeamShoot };
      /** The team's Team plan is alive at Stripe and covers this member's seat: no personal plan is sold (decision 212). */
      covered: boolean;
      entitled: boolean;
      myChosenHeadshotId: string | null;
      ownPlanNotNeeded: boolean;
    };

/** GET /api/team/grid: the chosen photos only (results, never originals), one per member who chose. */
export interface ApiTeamGridEntry {
  userId: string;
  name: string;
  headshotId: string;
  style: StyleId;
  imageUrl: string;
}

/** GET /api/team/invitation?token=…: what the invitation page shows before accepting. */
export interface ApiInvitationPreview {
  teamName: string;
  email: string;
}

/** A capture link as its owner sees it (issue 37): the token is shown only once, when it is made. */
export interface ApiCaptureLink {
  id: string;
  domains: string[];
  maxJoins: number;
  expiresAt: string;
  createdAt: string;
  status: "open" | "full" | "expired" | "revoked";
  joined: { userId: string; email: string; joinedAt: string }[];
}

/** GET /api/team/capture?token=…: what the capture link's page shows before joining. */
export interface ApiCapturePreview {
  teamName: string;
  domains: string[];
}

/** One row of a list import's preview (POST /api/team/import/preview). */
export interface ApiImportRow {
  /** The row's line in the file (1 is the first line, a header included). */
  line: number;
  name: string;
  email: string;
  status: ImportRowStatus;
  /** A duplicate's first line with the same address. The web app words each row from these (issue 50), no sentence is sent. */
  firstLine?: number;
}

export interface ApiImportPreview {
  rows: ApiImportRow[];
  ready: number;
  freeSeats: number;
}

/** One person of the status list (GET /api/team/status): an invited address or a member. */
export interface ApiTeamStatusRow {
  name: string;
  email: string;
  /** A member's id; null for someone only invited. */
  userId: string | null;
  role: TeamRole | null;
  invitedAt: string | null;
  joinedAt: string | null;
  /** Finished headshots the person generated (0 for someone only invited). */
  generated: number;
  chosen: boolean;
  via: "owner" | "invitation" | "link" | null;
  remindedAt: string | null;
  reminderCount: number;
}

export interface ApiTeamStatus {
  rows: ApiTeamStatusRow[];
  remindAfterDays: number;
  autoRemind: boolean;
}
