/** PATCH /api/account/profile {firstName?, lastName?, locale?} → the updated ApiUser. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { Locale } from "@/lib/copy";

export const updateProfile = (input: { firstName?: string; lastName?: string; locale?: Locale }) =>
  data(client.api.account.profile.$patch({ json: input }));

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
