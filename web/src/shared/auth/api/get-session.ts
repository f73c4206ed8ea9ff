/** GET /api/auth/session — the session behind the refresh cookie: `{user, accessToken}`; 401 when none. */
import { client, data } from "@/api/client";

export const getSession = () => data(client.api.auth.session.$get());
