import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { FREE_GENERATIONS, fairUseCaps } from "@/lib/domain";
import { creditsQuery } from "@/shared/api/get-credits";
import { useAuth } from "@/shared/auth/auth-context";

export const VERIFIED_TITLE = `Email verified — ${FREE_GENERATIONS} free generations added`;
/** A member with a paid team seat gets the seat, not free generations (issue 37): the words say so. */
export const VERIFIED_TEAM_TITLE = "Email verified — your team seat is ready";

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
                title: VERIFIED_TEAM_TITLE,
                description: `Your team's plan gives you unlimited generations (fair use: ${fairUseCaps("team")}), every style and no watermark.`,
              }
            : { title: VERIFIED_TITLE, description: "Your free headshots are ready to generate." },
        ),
      );
    const rest = new URLSearchParams(search);
    rest.delete("verified");
    navigate(rest.size ? `${location}?${rest}` : location, { replace: true });
  }, [verified, status, search, location, navigate, queryClient]);
  return null;
}
