/** DELETE /api/admin/users/{id} — cancels their subscription, deletes their images and rows. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const deleteUser = (id: string) => data(client.api.admin.users[":id"].$delete({ param: { id } }));

/** Every admin figure may change (users, headshots, subscriptions, revenue): refetch them all. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
