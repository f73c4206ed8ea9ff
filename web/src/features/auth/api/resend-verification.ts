/**
 * POST /api/auth/resend-verification {next?} — a fresh verification link to the signed-in user's email; `next`, a
 * team link's page, is where the link continues once verified (decision 326).
 */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const resendVerification = (next?: string) => data(client.api.auth["resend-verification"].$post({ json: next ? { next } : {} }));

export function useResendVerification() {
  return useMutation({ mutationFn: () => resendVerification() });
}
