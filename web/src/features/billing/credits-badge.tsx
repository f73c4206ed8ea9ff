import { Link } from "wouter";
import { Crown, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CREDITS_REFETCH_BADGE_MS } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { useCredits } from "@/shared/api/get-credits";
import { isActiveSubscription, useSubscription } from "@/shared/api/get-subscription";
import { hasPaidTeamSeat, useMyTeam } from "@/shared/api/get-my-team";
import { creditsBadge } from "./credits-badge-rule";

/** The header's free-credits badge (credits refetched every 30 s). */
export function CreditsBadge() {
  const { data: credits } = useCredits(CREDITS_REFETCH_BADGE_MS);
  const { data: sub, isLoading } = useSubscription();
  const { data: team, isLoading: teamLoading } = useMyTeam();
  if (isLoading || teamLoading) return null;
  const badge = creditsBadge(credits, isActiveSubscription(sub) || hasPaidTeamSeat(team));
  if (!badge) return null;
  if (badge.kind === "upgrade") {
    return (
      <Link href={paths.pricing} className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Badge variant="default" className="whitespace-nowrap py-1">
          <Crown className="size-3.5" aria-hidden="true" /> {badge.text}
        </Badge>
      </Link>
    );
  }
  return (
    <Badge variant="accent" className="whitespace-nowrap py-1" aria-live="polite">
      <Sparkles className="size-3.5" aria-hidden="true" /> {badge.text}
    </Badge>
  );
}
