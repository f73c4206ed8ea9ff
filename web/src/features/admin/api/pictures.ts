/**
 * GET /api/admin/pictures and POST /api/admin/pictures/{id}/feature|unfeature: results their owners agreed
 * to show on the website, and the operator's choice of which the home page shows (decision 183).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { moderationKey } from "./keys";

const picturesKey = [...moderationKey, "pictures"] as const;

export const getPictures = () => data(client.api.admin.pictures.$get());

export const picturesQuery = () => queryOptions({ queryKey: picturesKey, queryFn: getPictures });

export const usePictures = () => useQuery(picturesQuery());

export const setPicture = ({ id, to }: { id: string; to: "feature" | "unfeature" }) =>
  data(client.api.admin.pictures[":id"][to].$post({ param: { id } }));

export function useSetPicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPicture, onSuccess: () => queryClient.invalidateQueries({ queryKey: picturesKey }) });
}

/** POST /api/admin/pictures/{id}/example: the landing place it takes (decision 252), or null. */
export const setPictureSlot = ({ id, slot }: { id: string; slot: string | null }) =>
  data(client.api.admin.pictures[":id"].example.$post({ param: { id }, json: { slot } }));

export function useSetPictureSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPictureSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: picturesKey }) });
}
