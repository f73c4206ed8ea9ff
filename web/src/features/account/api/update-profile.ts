/** PATCH /api/account/profile {firstName, lastName} → the updated ApiUser. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const updateProfile = (input: { firstName: string; lastName: string }) => data(client.api.account.profile.$patch({ json: input }));

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
