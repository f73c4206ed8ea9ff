import { useQuery, useQueryClient } from "@tanstack/react-query";
import { headshotsQuery, type CompletedHeadshot } from "@/shared/api/get-headshots";
import { reportLikeness } from "./api/report-likeness";
import { measureLikeness } from "./measure";

export type LikenessState =
  { status: "measuring" } | { status: "measured"; percent: number } | { status: "no-face" } | { status: "unavailable" };

/**
 * The likeness of a result: the stored one, or measured in the browser now (the descriptor network loads
 * only here) and reported to the server, which keeps the first report and answers it.
 */
export function useLikeness(
  headshot: Pick<CompletedHeadshot, "id" | "originalImageUrl" | "generatedImageUrl" | "likeness">,
): LikenessState {
  const queryClient = useQueryClient();
  const stored = headshot.likeness ?? null;
  const query = useQuery({
    queryKey: ["likeness", headshot.id],
    enabled: stored === null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async () => {
      const measured = await measureLikeness(headshot.originalImageUrl, headshot.generatedImageUrl);
      if (measured === null) return null;
      // shown even if it cannot be stored now; the next showing reports it again
      const kept = await reportLikeness(headshot.id, measured).then(
        (r) => r.likeness,
        () => measured,
      );
      // Refetched, not patched: writing into the list would mark it fresh and hide a generation that
      // finished since (the gallery opened after a second picture showed only the first).
      void queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey });
      return kept;
    },
  });
  if (stored !== null) return { status: "measured", percent: stored };
  if (query.isPending) return { status: "measuring" };
  if (query.isError) return { status: "unavailable" };
  return query.data === null ? { status: "no-face" } : { status: "measured", percent: query.data };
}
