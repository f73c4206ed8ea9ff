import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { FREE_GENERATIONS } from "@/lib/domain";
import { m } from "@/lib/copy";
import { seatFairUse } from "@/shared/billing/plan-words";
import { creditsQuery } from "@/shared/api/get-credits";
import { useAuth } from "@/shared/auth/auth-context";

/** Read when shown, in the page's language (issue 50). */
export const verifiedTitle = () => m.auth_verified_title({ count: FREE_GENERATIONS });
/** A member with a paid team seat gets the seat, not free generations (issue 37): the words say so. */
export const verifiedTeamTitle = () => m.auth_verified_team_title();

/**
 * The verification link lands on /dashboard?verified=1 (worker/auth/routes.ts): confirm it once, refresh
 * the credits, and drop the flag from the address so a reload does not say it again. The credits are asked for
 * once the page knows the session: asked before, without an access token, the answer was a 401 and a
 * refresh that rotated the session's token beside GET /session (decision 087's amendment).
 */
export function VerifiedNotice() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const shown = useRef(false);
  const verified = new URLSearchParams(search).get("verified") === "1";

  useEffect(() => {
    if (!verified || shown.current || status === "loading") return;
    shown.current = true;
    const lookup = status === "signedIn" ? queryClient.fetchQuery({ ...creditsQuery(), staleTime: 0 }) : Promise.resolve(null);
    void lookup
      .catch(() => null)
      .then((credits) =>
        toast(
          credits?.teamSeat
            ? {
                title: verifiedTeamTitle(),
                description: m.auth_verified_team_text({ caps: seatFairUse() }),
              }
            : { title: verifiedTitle(), description: m.auth_verified_text() },
        ),
      );
    const rest = new URLSearchParams(search);
    rest.delete("verified");
    navigate(rest.size ? `${location}?${rest}` : location, { replace: true });
  }, [verified, status, search, location, navigate, queryClient]);
  return null;
}
