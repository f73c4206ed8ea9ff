/** POST /api/auth/signup {email, password} → `{user, accessToken}`; a verification email is sent. */
import { client, data } from "@/api/client";

export const signUp = (email: string, password: string) => data(client.api.auth.signup.$post({ json: { email, password } }));
