/**
 * POST /api/auth/signup {email, password, acceptTerms, next?} → `{user, accessToken}`; a verification email is
 * sent. `acceptTerms` is the visitor's 13+ and terms confirmation: the server refuses a sign-up without it.
 * `next`, a team link's page the sign-up started from, is where the verification mail's link continues (decision 326).
 */
import { client, data } from "@/api/client";

export const signUp = (email: string, password: string, acceptTerms: true, next?: string | null) =>
  data(client.api.auth.signup.$post({ json: { email, password, acceptTerms, ...(next ? { next } : {}) } }));
