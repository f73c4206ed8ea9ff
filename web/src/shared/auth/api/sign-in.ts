/** POST /api/auth/signin {email, password} → `{user, accessToken}` and the refresh cookie. */
import { client, data } from "@/api/client";

export const signIn = (email: string, password: string) => data(client.api.auth.signin.$post({ json: { email, password } }));
