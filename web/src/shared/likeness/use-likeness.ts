import { useQuery, useQueryClient } from "@tanstack/react-query";
import { headshotsQuery, type CompletedHeadshot } from "@/shared/api/get-headshots";
import type { ApiHeadshot } from "@/lib/domain";
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
      queryClient.setQueryData(headshotsQuery().queryKey, (list: ApiHeadshot[] | undefined) =>
        list?.map((h) => (h.id === headshot.id ? { ...h, likeness: kept } : h)),
      );
      return kept;
    },
  });
  if (stored !== null) return { status: "measured", percent: stored };
  if (query.isPending) return { status: "measuring" };
  if (query.isError) return { status: "unavailable" };
  return query.data === null ? { status: "no-face" } : { status: "measured", percent: query.data };
}
