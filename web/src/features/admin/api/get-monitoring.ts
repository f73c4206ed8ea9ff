/** GET /api/admin/monitoring — the last hour and day as recorded, the queue now, and the alerts' state (decision 188). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getMonitoring = () => data(client.api.admin.monitoring.$get());

export type Monitoring = Awaited<ReturnType<typeof getMonitoring>>;

export const monitoringQuery = () => queryOptions({ queryKey: [...adminKey, "monitoring"], queryFn: getMonitoring, staleTime: 0 });

export const useMonitoring = () => useQuery(monitoringQuery());
