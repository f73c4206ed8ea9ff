/**
 * Answers of /api/admin (issue 10; SPEC §3 admin shapes). Money is integer cents (euro), dates are ISO
 * strings. The definitions behind each figure are in docs/decisions/060-admin-figures.md.
 */
import type { PlanType } from "./plans";
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

export interface UsersByPlan {
  planType: PlanType | "free";
  count: number;
}

export interface Mrr { mrr: number }
export interface Arr { arr: number }

export interface RevenueByPlan {
  /** "other": revenue of invoices whose price is none of the three plans (refunds included). */
  planType: PlanType | "other";
  revenue: number;
}

export interface Churn {
  churnRate: number;
  cancellations: number;
  activeAtStart: number;
  from: string;
  to: string;
}

export interface Profit30d { profitCents: number; revenueCents: number; costCents: number }
export interface ProfitMrr { profitCents: number; mrrCents: number; estMonthlyCostCents: number }

export interface BackfillResult { examined: number; created: number }

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

export interface ModerationResult { id: string; moderationStatus: ModerationStatus }
export interface ModerationBatchResult { deleted: number; ids: string[] }
