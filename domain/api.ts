/** Response shapes of the API, shared by the worker routes and the web client. */
import type { Gender, StyleId } from "./styles";
import type { PlanType } from "./plans";
import type { HeadshotStatus, ModerationStatus } from "./headshot-lifecycle";

export type { HeadshotStatus, ModerationStatus };

export interface ApiUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  isOperator: boolean;
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
  originalImageUrl: string;
  generatedImageUrl?: string | null;
  error?: string | null;
  createdAt: string;
}

export interface HeadshotStatusResponse {
  status: HeadshotStatus;
  generatedImageUrl?: string;
  error?: string;
}

export interface ApiSubscription {
  status: string;
  planType: PlanType;
  stripePriceId: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
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
}

export interface ApiErrorBody {
  error: string;
  message: string;
  requiresEmailVerification?: boolean;
  requiresSubscription?: boolean;
}
