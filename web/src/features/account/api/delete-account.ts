/** POST /api/account/delete {password?} — deletes the account, its photos and headshots. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const deleteAccount = (password: string) => data(client.api.account.delete.$post({ json: password ? { password } : {} }));

/** The session ends with the account, so the caller clears it (and with it every cached query). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
