/** POST /api/auth/forgot-password {email} — mails a reset link if the address has an account (same answer either way). */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const forgotPassword = (email: string) => data(client.api.auth["forgot-password"].$post({ json: { email } }));

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
