/** POST /api/account/email {newEmail, password?} → 202: a confirmation link was mailed to the new address. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const changeEmail = (input: { newEmail: string; password?: string }) => data(client.api.account.email.$post({ json: input }));

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
