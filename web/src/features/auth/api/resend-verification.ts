/** POST /api/auth/resend-verification — a fresh verification link to the signed-in user's email. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const resendVerification = () => data(client.api.auth["resend-verification"].$post());

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
