/**
 * /auth/verify (decision 325), with the verification link's token:
 * POST /api/auth/verify/confirm {token, password} — the sign-up password: verified, every session stays;
 * POST /api/auth/verify/new-password {token, password} — a new password: verified, every other session ends.
 * Both answer `{user, accessToken}` and sign this device in.
 */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const confirmSignupPassword = (input: { token: string; password: string }) =>
  data(client.api.auth.verify.confirm.$post({ json: input }));

export const verifyWithNewPassword = (input: { token: string; password: string }) =>
  data(client.api.auth.verify["new-password"].$post({ json: input }));

export const useConfirmSignupPassword = () => useMutation({ mutationFn: confirmSignupPassword });
export const useVerifyWithNewPassword = () => useMutation({ mutationFn: verifyWithNewPassword });
