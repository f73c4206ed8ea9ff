/** Response shapes of the API, shared by the worker routes and the web client. */
import type { Gender, StyleId } from "./styles";
import type { BillingPlan, PlanType } from "./plans";
import type { HeadshotStatus, ModerationStatus } from "./headshot-lifecycle";
import type { ApiRedoOffer, VersionKind } from "./refine";
import type { Locale } from "../copy/generated/runtime.js";

export type { HeadshotStatus, ModerationStatus };

export interface ApiUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  isOperator: boolean;
  /** The account's language (emails, receipts, Stripe pages; the app's when this browser has no choice of its own), null: never set. */
  locale: Locale | null;
}

/** GET /api/account: how the person signs in (the /account page offers what fits). */
export interface AccountSecurity {
  hasPassword: boolean;
  google: boolean;
}

export interface AuthResult {
  user: ApiUser;
  accessToken: string;
}

export interface ApiHeadshot {
  id: string;
  style: StyleId;
  gender: Gender | null;
  status: HeadshotStatus;
  moderationStatus: ModerationStatus;
  /** Null when the headshot is no longer served (`unavailable`). */
  originalImageUrl: string | null;
  generatedImageUrl?: string | null;
  /** Why it failed, in plain words (failed only). */
  error?: string | null;
  /** 0–100 as reported by the owner's browser (face descriptors), null until then; see ApiLikeness. */
  likeness: number | null;
  /** The free generation it took was given back (failed, or removed by moderation). */
  refunded: boolean;
  /** Why it is no longer served (removed by moderation, or its photos deleted by retention), else null. */
  unavailable: string | null;
  /** The shoot it was made in (issue 24: the gallery groups them), null for a single picture. */
  shootId: string | null;
  createdAt: string;
  /**
   * Versions (issue 36): how this version was made (the first generation, an edit, a redo), its number from 1,
   * the first version's id (null on the first), an edit's instruction as stored, and whether a redo was free.
   */
  kind: VersionKind;
  version: number;
  versionOf: string | null;
  instruction: string | null;
  freeRedo: boolean;
  /** The team brand colour its backdrop was made in (#RRGGBB), else null: the download may recolour it (issue 36). */
  backgroundColor?: string | null;
  /** In the gallery (GET /api/headshots) only: how many versions the headshot has; the entry is the version it shows. */
  versions?: number;
}

/** GET /api/headshots/:id/versions (issue 36): every version of the headshot, oldest first. */
export interface ApiVersions {
  /** The first version's id: the headshot's own. */
  headshotId: string;
  /** The version the gallery shows ("use this version", else the newest finished), null while none is finished. */
  currentId: string | null;
  versions: ApiHeadshot[];
  /** What "Doesn't look like me" costs now. */
  redo: ApiRedoOffer;
}

/** PUT /api/headshots/:id/likeness: body and answer (the kept value: the first report stands). */
export interface ApiLikeness {
  likeness: number;
}

export interface HeadshotStatusResponse {
  status: HeadshotStatus;
  generatedImageUrl?: string;
  /** Failed: why, in plain words, and whether the free generation was given back. */
  error?: string;
  refunded?: boolean;
  /** Processing: the try under way (1 = the first), whether an earlier try failed and it is being
   * retried, and how long ago it was queued (decision 100). */
  attempt?: number;
  retrying?: boolean;
  elapsedMs?: number;
  /** Processing, waiting for the image model's quota (decision 191): about how long until its try, in seconds. */
  waitSeconds?: number;
}

export interface ApiSubscription {
  status: string;
  planType: PlanType;
  stripePriceId: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The person has the paid features of this plan now (entitled status, period not over): the server's answer, as for a team. */
  entitled: boolean;
  /** Alive at Stripe: entitled, or its payment failing (domain/subscription-status.ts). */
  live: boolean;
}

/** One invoice on the account page: Stripe's own, with its PDF and hosted page. */
export interface ApiInvoice {
  id: string;
  number: string | null;
  date: string;
  /** the plan the invoice bills ("team": the Team plan), null for a price that is not ours */
  planType: BillingPlan | null;
  /** the Team plan's seats on the invoice (its subscription line's quantity); null for a person's plan */
  seats: number | null;
  /** the period its subscription line covers (ISO), null when it has none */
  periodStart: string | null;
  periodEnd: string | null;
  amountCents: number;
  currency: string;
  /** Stripe's status, but "refunded" once every cent paid was refunded (issue 35). */
  status: string;
  /** What was refunded of it (Stripe's refunds of its payment, as recorded from them), 0 when nothing. */
  refundedCents: number;
  pdfUrl: string | null;
  hostedUrl: string | null;
}

/** What an upgrade charges now (Stripe's invoice preview of the very change). */
export interface ApiUpgradePreview {
  planType: PlanType;
  amountCents: number;
  currency: string;
}

export interface ApiScheduledDowngrade {
  targetPlanType: PlanType;
  effectiveDate: string;
}

/** GET /api/stripe/plans: a plan with its Stripe price id (null when payments are not configured). */
export interface ApiPlan {
  id: PlanType;
  name: string;
  priceId: string | null;
  amountCents: number;
  currency: string;
  period: string;
  periodDays: number;
  dailyPrice: string;
  description: string;
  popular: boolean;
  features: string[];
  /** A price change scheduled for this plan (decision 093): the new amount from that date. */
  upcoming: { amountCents: number; effectiveDate: string } | null;
}

/** GET /api/stripe/plans: the Team plan's price today, a seat's a month (decision 288). */
export interface ApiTeamPrice {
  priceId: string | null;
  seatCents: number;
  currency: string;
  /** A price change scheduled for the Team plan: the new seat price from that date. */
  upcoming: { seatCents: number; effectiveDate: string } | null;
}

/** Every refusal's code and body: domain/errors.ts (decision 350). */
export type { ApiErrorBody, ErrorCode } from "./errors";

/**
 * A cookie the page's first script may read (not HttpOnly, no secret: its value is "1"): the browser holds a
 * session. Set and cleared with the HttpOnly refresh cookie, so a prerendered public page can show the
 * Account menu instead of Sign In without asking the server or loading any framework (decision 120).
 */
export const SIGNED_IN_HINT_COOKIE = "hs_signed_in";
