/**
 * POST /api/auth/signup {email, password, acceptTerms} → `{user, accessToken}`; a verification email is
 * sent. `acceptTerms` is the visitor's 13+ and terms confirmation: the server refuses a sign-up without it.
 */
import { client, data } from "@/api/client";

export const signUp = (email: string, password: string, acceptTerms: true) =>
  data(client.api.auth.signup.$post({ json: { email, password, acceptTerms } }));
