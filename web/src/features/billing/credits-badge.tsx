import { Link } from "wouter";
import { Crown, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CREDITS_REFETCH_BADGE_MS } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { cn } from "@/lib/utils";
import { useCredits } from "@/shared/api/get-credits";
import { isActiveSubscription, useSubscription } from "@/shared/api/get-subscription";
import { hasPaidTeamSeat, useMyTeam } from "@/shared/api/get-my-team";
import { creditsBadge } from "./credits-badge-rule";

/**
 * On one line where there is room; on a phone, where the header's other controls leave it a third of the width, its
 * words wrap (a long German or French word breaks) instead of pushing the user menu off the screen (issue 50).
 */
const FITS_A_PHONE = "py-1 leading-tight break-words sm:whitespace-nowrap [&>svg]:shrink-0";

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
      <Link href={paths.pricing} className="min-w-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Badge variant="default" className={FITS_A_PHONE}>
          <Crown className="size-3.5" aria-hidden="true" /> {badge.text}
        </Badge>
      </Link>
    );
  }
  return (
    <Badge variant="accent" className={cn(FITS_A_PHONE, "min-w-0")} aria-live="polite">
      <Sparkles className="size-3.5" aria-hidden="true" /> {badge.text}
    </Badge>
  );
}
