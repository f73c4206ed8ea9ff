/** What the team routes answer (/api/team…, issue 25); the web app reads the same types. */
import type { StyleId } from "./styles";
import type { TeamRole } from "./teams";

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
}

export interface ApiTeamLook {
  style: string;
  brandColor: string;
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
      team: { id: string; name: string; look: ApiTeamLook | null };
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
      team: { id: string; name: string; look: ApiTeamLook | null };
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
