import { QueryClient } from "@tanstack/react-query";

/** SPEC §7/§9: stale after 5 minutes, no retry, refetch on window focus. */
export const STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
