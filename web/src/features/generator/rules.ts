import { errorCode, errorText } from "@/api/client";
import type { Credits } from "@/shared/api/get-credits";
import { FREE_GENERATIONS, PROGRESS_CAP, PROGRESS_STEP } from "@/lib/domain";
import { m } from "@/lib/copy";

/** SPEC §4: while processing, progress rises by 5 per poll, capped at 90. */
export function nextProgress(progress: number): number {
  return Math.min(PROGRESS_CAP, progress + PROGRESS_STEP);
}

export interface GenerateErrorView {
  title: string;
  description: string;
  /** Open the Subscription Required dialog. */
  subscriptionDialog: boolean;
  /** Scroll to the top so the verification banner is in view. */
  scrollToTop: boolean;
}

const verifyFirst = (description: string = m.generator_verify_first({ count: FREE_GENERATIONS })): GenerateErrorView => ({
  title: m.generator_verify_required_title(),
  description,
  subscriptionDialog: false,
  scrollToTop: true,
});

const freeUsed = (description: string = m.generator_free_used_upgrade({ count: FREE_GENERATIONS })): GenerateErrorView => ({
  title: m.generator_free_used_title(),
  description,
  subscriptionDialog: true,
  scrollToTop: false,
});

/**
 * The server's generate rule, checked before uploading so that no photo is stored that could not be
 * generated (docs/decisions/024-upload-limits.md). Null: go ahead (the server still decides).
 */
export function refusalBeforeUpload(credits: Credits | null | undefined, subscriber: boolean): GenerateErrorView | null {
  if (!credits) return null;
  if (!credits.isVerified) return verifyFirst();
  if (subscriber || credits.remaining > 0) return null;
  return freeUsed();
}

/**
 * SPEC §8 for a failed upload or generate call. Our server's `error` is a short HTTP title
 * ("Bad Request"), so the human `message` is preferred over it (docs/decisions/040-api-client.md).
 */
export function describeGenerateError(err: unknown, fallback: string = m.generator_generation_failed()): GenerateErrorView {
  const code = errorCode(err);
  if (code === "email_unverified") return verifyFirst(errorText(err, m.generator_verify_first({ count: FREE_GENERATIONS })));
  if (code === "subscription_required") return freeUsed(errorText(err, m.generator_free_used_upgrade({ count: FREE_GENERATIONS })));
  return { title: m.generator_error_title(), description: errorText(err, fallback), subscriptionDialog: false, scrollToTop: false };
}
