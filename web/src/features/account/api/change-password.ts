/** POST /api/account/password {currentPassword, newPassword} → a new access token; other sessions end. */
import { useMutation } from "@tanstack/react-query";
import { client, data, setAccessToken } from "@/api/client";

export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  const { accessToken } = await data(client.api.account.password.$post({ json: input }));
  setAccessToken(accessToken); // this browser's new session (the server set its refresh cookie)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
