/** GET /api/auth/user — the signed-in user, as the server sees them now (verified, operator). */
import { client, data } from "@/api/client";

export const getUser = () => data(client.api.auth.user.$get());
