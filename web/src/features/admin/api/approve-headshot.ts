/** POST /api/admin/moderation/headshots/{id}/approve — sets the moderation status to approved. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { moderationKey } from "./keys";

export const approveHeadshot = (id: string) => data(client.api.admin.moderation.headshots[":id"].approve.$post({ param: { id } }));

/** SPEC §7: after each success the list is refetched. */
export function useApproveHeadshot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveHeadshot, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }) });
}
