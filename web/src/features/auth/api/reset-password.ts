/** POST /api/auth/reset-password {token, password} — sets the new password; every session ends. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const resetPassword = (input: { token: string; password: string }) => data(client.api.auth["reset-password"].$post({ json: input }));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
