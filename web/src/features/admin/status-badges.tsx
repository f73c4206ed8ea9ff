/** SPEC §4 badges: moderation, generation and (admin) subscription status. */
import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { HeadshotStatus, ModerationStatus } from "@/lib/domain";

type Variant = BadgeProps["variant"];

const MODERATION: Record<string, { label: string; variant: Variant }> = {
  approved: { label: "Approved", variant: "success" },
  flagged: { label: "Flagged", variant: "destructive" },
  removed: { label: "Removed", variant: "secondary" },
};

const GENERATION: Record<string, { label: string; variant: Variant }> = {
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  processing: { label: "Processing", variant: "secondary" },
};

const SUBSCRIPTION: Record<string, { label: string; variant: Variant }> = {
  active: { label: "Active", variant: "success" },
  canceled: { label: "Canceled", variant: "destructive" },
  past_due: { label: "Past Due", variant: "destructive" },
};

/** approved (green), flagged, removed, otherwise pending. */
export function ModerationBadge({ status }: { status: ModerationStatus | string | null }) {
  const b = (status && MODERATION[status]) || { label: "Pending", variant: "outline" as const };
  return <Badge variant={b.variant}>{b.label}</Badge>;
}

/** completed (green), failed, processing, otherwise pending. */
export function GenerationBadge({ status }: { status: HeadshotStatus | string | null }) {
  const b = (status && GENERATION[status]) || { label: "Pending", variant: "outline" as const };
  return <Badge variant={b.variant}>{b.label}</Badge>;
}

/** active (green 'Active'), canceled / past_due (destructive), any other value as raw text. */
export function SubscriptionBadge({ status }: { status: string }) {
  const b = SUBSCRIPTION[status] ?? { label: status, variant: "outline" as const };
  return <Badge variant={b.variant}>{b.label}</Badge>;
}
