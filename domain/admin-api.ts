/**
 * Answers of /api/admin (issue 10; SPEC §3 admin shapes). Money is integer cents (euro), dates are ISO
 * strings. The definitions behind each figure are in docs/decisions/060-admin-figures.md.
 */
import type { BillingPlan, PlanType } from "./plans";
import type { HeadshotStatus, ModerationStatus } from "./headshot-lifecycle";

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const MODERATION_BATCH_MAX = 100;
export const FLAG_REASON_MAX = 1000;

/** A row of GET /api/admin/users (SPEC §3 Admin user row). */
export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  headshotCount: number;
  subscriptionCount: number;
  /** The newest subscription (any status), or null when the user never subscribed. */
  subscription: { status: string; planType: PlanType } | null;
  /** The team the user belongs to and their role in it (issue 25), or null. */
  team: { name: string; role: "owner" | "member" } | null;
  lastHeadshotDate: string | null;
  createdAt: string;
}

export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type AdminUsersPage = AdminPage<AdminUserRow>;

export interface AdminStats {
  totalUsers: number;
  usersThisMonth: number;
  totalHeadshots: number;
  headshotsThisMonth: number;
  activeSubscriptions: number;
  totalSubscriptions: number;
}

export interface UserAnalytics {
  total: number;
  /** Signed up in the last 30 days. */
  new: number;
  /** Users per sign-up month (UTC), the last 12 months oldest first, months without sign-ups as 0. */
  cohorts: { month: string; count: number }[];
}

export interface GenerationAnalytics {
  total: number;
  successful: number;
  failed: number;
  avgTimeMs: number;
  totalCostCents: number;
  /** The last 30 days (UTC), oldest first, every day present. */
  daily: { date: string; successful: number; failed: number }[];
}

/**
 * GET /api/admin/analytics/likeness: per style, the headshots whose likeness the owner's browser reported
 * and their average (0–100, one decimal), as reported by the browsers; styles with none are left out.
 */
export interface LikenessByStyle {
  style: string;
  measured: number;
  averageLikeness: number;
}

/**
 * GET /api/admin/analytics/shoots (issue 24): shoots started in the range, their pictures, the average
 * per shoot (one decimal), and how many shoots had each number of pictures (sizes with none left out).
 * Single-style generations are not shoots; generations still count per picture everywhere else.
 */
export interface ShootAnalytics {
  shoots: number;
  pictures: number;
  averagePictures: number;
  bySize: { pictures: number; shoots: number }[];
}

/**
 * GET /api/admin/analytics/refines (issue 36): the edits and redos among the headshots created in the range, how
 * they ended and what they cost (their cost is in every cost and profit figure too, as any generation's), and per
 * style the redo rate: redos per first picture, a percentage with one decimal (a style that needs many redos has a
 * prompt to fix). Styles with no first picture in the range are left out.
 */
export interface RefineAnalytics {
  edits: { started: number; completed: number; failed: number; costCents: number };
  redos: { started: number; free: number; completed: number; failed: number; costCents: number };
  byStyle: { style: string; pictures: number; redos: number; redoRate: number }[];
}

export interface UsersByPlan {
  planType: BillingPlan | "free";
  count: number;
}

export interface Mrr {
  mrr: number;
}
export interface Arr {
  arr: number;
}

export interface RevenueByPlan {
  /** The plan the invoices billed (a Team subscription's: the Team plan); "other": a price that is none of ours (refunds included). */
  planType: BillingPlan | "other";
  revenue: number;
}

export interface Churn {
  churnRate: number;
  cancellations: number;
  activeAtStart: number;
  from: string;
  to: string;
}

export interface Profit30d {
  profitCents: number;
  revenueCents: number;
  costCents: number;
}
export interface ProfitMrr {
  profitCents: number;
  mrrCents: number;
  estMonthlyCostCents: number;
}

/** GET /api/admin/model: the image model in use, its shutdown warning and the last configuration failure (issue 32). */
export interface ModelStatus {
  /** The model that serves now: the first of the chain neither shut down (the table) nor answered 404 by Google (decision 290). */
  model: string;
  name: string;
  /** GEMINI_MODEL, the chain's first; differs from `model` once Google no longer serves it. */
  configured: string;
  /** GEMINI_MODEL then GEMINI_FALLBACK_MODELS, each with its state; `since`: when Google first answered 404 for it (ISO). */
  chain: { model: string; state: "serving" | "standby" | "retired" | "shut down"; since: string | null }[];
  /** The daily check of Google's models.list (decision 293): when, and which models it no longer lists (the chain's, the table's others). */
  googleList: { at: string; missing: { chain: string[]; table: string[] } } | null;
  /** The announced shutdown day (YYYY-MM-DD), or null. */
  shutdown: string | null;
  /** Set from 30 days before an announced shutdown: what happens and what to do. */
  warning: string | null;
  /** The last 401/403/404 the model answered, or null; `fixed` once a generation completed after it. */
  lastFailure: {
    model: string;
    status: number;
    /** The key, access, a model Google no longer serves, billing not enabled, prepaid credit used up, a policy limit (decision 291). */
    problem?: "key" | "access" | "gone" | "billing" | "prepay" | "policy";
    reason: string;
    at: string;
    whatToFix: string;
    fixed: boolean;
  } | null;
}

export interface BackfillResult {
  examined: number;
  created: number;
}

export interface AdminDeleteResult {
  deleted: true;
  objects: number;
  canceledSubscriptions: number;
}

/** A card of the moderation panel (SPEC §7 Moderation list, plus its owner and the latest flag). */
export interface ModerationHeadshot {
  id: string;
  userId: string;
  userEmail: string;
  style: string;
  status: HeadshotStatus;
  moderationStatus: ModerationStatus;
  originalImageUrl: string | null;
  generatedImageUrl: string | null;
  flagReason: string | null;
  createdAt: string;
}

/** Newest first; `hasMore` instead of a total, so a page never counts a million headshots. */
export interface ModerationPage {
  items: ModerationHeadshot[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface ModerationResult {
  id: string;
  moderationStatus: ModerationStatus;
}
export interface ModerationBatchResult {
  deleted: number;
  ids: string[];
}

/** A scheduled price change as /admin lists it (decision 093). Money in cents; dates ISO. */
export interface ApiPriceChange {
  id: string;
  /** a person's plan, or the Team plan (its price is a seat's; issue 37) */
  planType: BillingPlan;
  oldAmountCents: number;
  newAmountCents: number;
  currency: string;
  stripePriceId: string;
  effectiveDate: string;
  createdAt: string;
  /** the operator's email */
  createdBy: string;
  /** `notifying` until every subscriber at the time was emailed and scheduled, then `notified` */
  status: "notifying" | "notified";
  /** withdrawn by the operator before anyone moved (decision 196); null otherwise */
  withdrawnAt: string | null;
  /** the effective date has passed: new subscriptions pay the new price */
  inEffect: boolean;
  subscribersNotified: number;
}

/** GET /api/admin/price-changes: what the form and the list need. */
export interface AdminPriceChanges {
  currentPrices: { planType: BillingPlan; amountCents: number }[];
  /** the first day the form may choose (YYYY-MM-DD, UTC): 30 days' notice */
  earliestEffectiveDate: string;
  /** the last day the form may choose (YYYY-MM-DD, UTC): a year ahead at most (decision 195) */
  latestEffectiveDate: string;
  priceChanges: ApiPriceChange[];
}

/** POST /api/admin/price-changes: the plan, the new price in cents, the first day (YYYY-MM-DD, UTC). */
export interface SchedulePriceChangeBody {
  planType: BillingPlan;
  amountCents: number;
  effectiveDate: string;
}

/** One window of GET /api/admin/monitoring (issue 38, decision 188): what was recorded from `from` to the answer's `at`. */
export interface OpsWindow {
  window: "hour" | "day";
  from: string;
  /** Model calls by outcome (retries included), and the failure and 429 shares in percent (null with no calls). */
  modelCalls: { ok: number; blocked: number; rateLimited: number; error: number; total: number };
  modelFailurePercent: number | null;
  model429Percent: number | null;
  /** Generations queued in the window, as their rows record them. */
  generations: { completed: number; failed: number; costCents: number; avgTimeMs: number | null };
  /** 429s answered to clients, messages dead-lettered, cron jobs that threw. */
  http429: number;
  deadLettered: number;
  cronFailures: number;
  /** Headshots whose photos retention deleted (the chores queue's consumer, decision 260). */
  photosPurged: number;
  /** Stripe webhooks answered with an error (Stripe retries them; decision 319). */
  webhookFailures: number;
}

export type OpsAlertKind = "modelFailureRate" | "model429Rate" | "queueAge" | "deadLetters" | "webhookFailures";

/** An alert's state now: its figure (last hour), its threshold (configuration) and whether it fires. */
export interface OpsAlert {
  kind: OpsAlertKind;
  value: number;
  threshold: number;
  firing: boolean;
}

/** GET /api/admin/monitoring: the last hour and the last day, the queue now, and the alerts' state. */
export interface OpsMonitoring {
  at: string;
  windows: OpsWindow[];
  /** Generations processing now, and how long the oldest has been queued (null when none). */
  queue: { processing: number; oldestAgeSeconds: number | null };
  /** Headshots past retention, already unreachable, whose objects wait for the chores queue (decision 260). */
  retention: { waiting: number };
  /** Price-change emails owed to live subscribers of a change being told, waiting for the chores queue (decision 275). */
  /** emails owed of changes being told (`waiting`), and notices of withdrawn changes still to be released or emailed */
  priceNotices: { waiting: number; withdrawals: number };
  alerts: OpsAlert[];
}
