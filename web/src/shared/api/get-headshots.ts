/** GET /api/headshots — the caller's headshots, newest first. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { ApiHeadshot } from "@/lib/domain";
import { useAuth } from "@/shared/auth/auth-context";

/** A finished headshot, as the result view and the gallery open it. */
export type CompletedHeadshot = Pick<ApiHeadshot, "id" | "style" | "originalImageUrl" | "createdAt"> & { generatedImageUrl: string };

/** Newest first, whatever order the server used. */
export function sortNewestFirst<T extends Pick<ApiHeadshot, "createdAt">>(list: T[]): T[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const getHeadshots = async () => sortNewestFirst(await data(client.api.headshots.$get()));

export const headshotsQuery = () => queryOptions({ queryKey: ["/api/headshots"], queryFn: getHeadshots });

export function useHeadshots() {
  const { user } = useAuth();
  return useQuery({ ...headshotsQuery(), enabled: Boolean(user) });
}
