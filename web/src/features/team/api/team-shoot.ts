/**
 * The team's shoot (issue 37): the company's backdrop photo (POST/GET/DELETE /api/team/backdrop), and
 * downloads in the team's profile-picture template (`template=team` on the team ZIP and on a member's
 * own download).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { filenameFromDisposition } from "@/shared/downloads/options";
import { invalidateTeam } from "./invalidate";

export const backdropQuery = () =>
  queryOptions({
    queryKey: ["/api/team/backdrop"],
    queryFn: async () => URL.createObjectURL(await (await client.api.team.backdrop.$get()).blob()),
    staleTime: Infinity,
    gcTime: 60_000,
  });

/** The backdrop photo as an object URL, while the team has one. */
export function useBackdropPhoto(enabled: boolean) {
  return useQuery({ ...backdropQuery(), enabled });
}

const refresh = (queryClient: QueryClient) =>
  Promise.all([invalidateTeam(queryClient), queryClient.resetQueries({ queryKey: backdropQuery().queryKey })]);

export function useUploadBackdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => data(client.api.team.backdrop.$post({ form: { photo } })),
    onSettled: () => refresh(queryClient),
  });
}

export function useRemoveBackdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.api.team.backdrop.$delete()),
    onSettled: () => refresh(queryClient),
  });
}

/** The team's chosen photos in the template, one ZIP (the owner's). */
export async function downloadTemplateZip() {
  const res = await client.api.team.zip.$get({ query: { template: "team" } });
  return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get("Content-Disposition")) ?? "team-photos.zip" };
}

/** One's own headshot in the team's template (a member's download). */
export async function downloadInTemplate(headshotId: string) {
  const res = await client.api.headshots[":id"].download.$get({ param: { id: headshotId }, query: { template: "team" } });
  return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get("Content-Disposition")) ?? "profile-picture.png" };
}

export function useTemplateDownload() {
  return useMutation({
    mutationFn: (target: { team: true } | { headshotId: string }) =>
      "team" in target ? downloadTemplateZip() : downloadInTemplate(target.headshotId),
  });
}
