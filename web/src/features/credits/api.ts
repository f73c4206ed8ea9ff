import { useQuery } from "@tanstack/react-query";
import { api } from "@/api/client";
import type { Credits } from "@/lib/domain";
import { useAuth } from "@/features/auth/auth-context";

export const creditsQueryKey = ["/api/users/credits"] as const;

export async function fetchCredits(): Promise<Credits> {
  try {
    return await api.get<Credits>("/api/users/credits");
  } catch (err) {
    console.error(err);
    throw new Error("Failed to fetch user credits", { cause: err });
  }
}

/** GET /api/users/credits, refetched every `refetchInterval` ms (30 s in the badge, 10 s in the banner). */
export function useCredits(refetchInterval: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: creditsQueryKey,
    queryFn: fetchCredits,
    enabled: Boolean(user),
    refetchInterval,
  });
}
