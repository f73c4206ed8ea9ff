/** GET /api/admin/health — the operator's deep checks behind the monitoring tab's System Health lines. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, client, data, type Data } from "@/api/client";
import { adminKey } from "./keys";

type HealthCall = ReturnType<typeof client.api.admin.health.$get>;
export type Health = Data<Awaited<HealthCall>>;

/** 200 when every check passes, 503 with the same body when one fails: both are an answer to show. */
export async function getHealth(): Promise<Health> {
  try {
    return await data(client.api.admin.health.$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 503 && err.bodyText) return JSON.parse(err.bodyText) as Health;
    throw err;
  }
}

export const healthQuery = () => queryOptions({ queryKey: [...adminKey, "health"], queryFn: getHealth, staleTime: 0 });

export const useHealth = () => useQuery(healthQuery());
