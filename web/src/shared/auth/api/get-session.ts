/** GET /api/auth/session — the session behind the refresh cookie: `{user, accessToken}`, or null when none. */
import { client, data } from "@/api/client";

export const getSession = () => data(client.api.auth.session.$get());
