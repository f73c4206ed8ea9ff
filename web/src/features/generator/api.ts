import { useQuery } from "@tanstack/react-query";
import { api } from "@/api/client";
import type { ApiHeadshot, Gender, HeadshotStatusResponse, StyleId } from "@/lib/domain";
import { useAuth } from "@/features/auth/auth-context";

export const headshotsQueryKey = ["/api/headshots"] as const;

/** POST /api/headshots/upload (multipart photo, style, optional gender). */
export function uploadPhoto(photo: File, style: StyleId, gender: Gender | null) {
  const form = new FormData();
  form.append("photo", photo);
  form.append("style", style);
  if (gender) form.append("gender", gender);
  return api.post<ApiHeadshot>("/api/headshots/upload", form);
}

/** POST /api/headshots/{id}/generate (no body). */
export function startGeneration(id: string) {
  return api.post<{ id: string; status: string }>(`/api/headshots/${encodeURIComponent(id)}/generate`);
}

/** GET /api/headshots/{id}/status. */
export function fetchStatus(id: string) {
  return api.get<HeadshotStatusResponse>(`/api/headshots/${encodeURIComponent(id)}/status`);
}

/** Newest first, whatever order the server used. */
export function sortNewestFirst(list: ApiHeadshot[]): ApiHeadshot[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function useHeadshots() {
  const { user } = useAuth();
  return useQuery({
    queryKey: headshotsQueryKey,
    queryFn: async () => sortNewestFirst(await api.get<ApiHeadshot[]>("/api/headshots")),
    enabled: Boolean(user),
  });
}
