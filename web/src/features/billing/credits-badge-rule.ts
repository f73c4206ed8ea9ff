import { m } from "@/lib/copy";
import type { Credits } from "@/shared/api/get-credits";

export type CreditsBadge = { kind: "remaining"; remaining: number; text: string } | { kind: "upgrade"; text: string } | null;

/**
 * SPEC §4: shown only to verified users without an active subscription. Remaining above 0 → the count
 * left; 0 remaining with some used → 'Upgrade for unlimited'; otherwise nothing.
 */
export function creditsBadge(credits: Credits | null | undefined, isSubscriber: boolean): CreditsBadge {
  if (!credits || !credits.isVerified || isSubscriber) return null;
  if (credits.remaining > 0) {
    return {
      kind: "remaining",
      remaining: credits.remaining,
      text: m.billing_credits_left({ count: credits.remaining }),
    };
  }
  if (credits.totalUsed > 0) return { kind: "upgrade", text: m.billing_credits_upgrade() };
  return null;
}
