/** DELETE /api/admin/moderation/headshots/batch {ids} — removes 1 to 100 headshots and their images. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const deleteHeadshots = (ids: string[]) => data(client.api.admin.moderation.headshots.batch.$delete({ json: { ids } }));

/** The list, and the headshot counts on the cards and in the users table, change: refetch the admin data. */
export function useDeleteHeadshots() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHeadshots, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }) });
}
