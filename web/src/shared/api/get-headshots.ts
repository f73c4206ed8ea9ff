/** GET /api/headshots — the caller's headshots, newest first; GET /api/headshots/{id} — one of them. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { ApiHeadshot } from "@/lib/domain";
import { useAuth } from "@/shared/auth/auth-context";

/** A finished headshot, as the result view and the gallery open it. */
export type CompletedHeadshot = Pick<ApiHeadshot, "id" | "style" | "createdAt"> &
  Partial<Pick<ApiHeadshot, "likeness" | "backgroundColor">> & { originalImageUrl: string; generatedImageUrl: string };

/** The headshot as a result view can show it, or null when it has no result to show. */
export function asCompleted(h: ApiHeadshot): CompletedHeadshot | null {
  if (h.status !== "completed" || h.unavailable || !h.generatedImageUrl || !h.originalImageUrl) return null;
  const { id, style, createdAt, likeness, backgroundColor, originalImageUrl, generatedImageUrl } = h;
  return { id, style, createdAt, likeness, backgroundColor, originalImageUrl, generatedImageUrl };
}

/** Newest first, whatever order the server used. */
export function sortNewestFirst<T extends Pick<ApiHeadshot, "createdAt">>(list: T[]): T[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const getHeadshots = async () => sortNewestFirst(await data(client.api.headshots.$get()));

export const headshotsQuery = () => queryOptions({ queryKey: ["/api/headshots"], queryFn: getHeadshots });

/** Under the list's key, so whatever refreshes the list refreshes an open headshot too. */
export const headshotQuery = (id: string) =>
  queryOptions({
    queryKey: ["/api/headshots", id],
    queryFn: () => data(client.api.headshots[":id"].$get({ param: { id } })),
    retry: false,
  });

export function useHeadshots() {
  const { user } = useAuth();
  return useQuery({ ...headshotsQuery(), enabled: Boolean(user) });
}
