/** POST /api/auth/signout — revokes the refresh token family and clears the cookie. */
import { client, data } from "@/api/client";

export const signOut = () => data(client.api.auth.signout.$post());
