/** POST /api/admin/moderation/headshots/{id}/flag {reason} — flags the headshot for review. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { moderationKey } from "./keys";

export const flagHeadshot = ({ id, reason }: { id: string; reason: string }) =>
  data(client.api.admin.moderation.headshots[":id"].flag.$post({ param: { id }, json: { reason } }));

export function useFlagHeadshot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: flagHeadshot, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }) });
}
