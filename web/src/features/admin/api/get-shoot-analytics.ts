/** GET /api/admin/analytics/shoots — pictures per shoot (issue 24), all time. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getShootAnalytics = () => data(client.api.admin.analytics.shoots.$get({ query: {} }));

export const shootAnalyticsQuery = () => queryOptions({ queryKey: [...adminKey, "analytics", "shoots"], queryFn: getShootAnalytics });

export const useShootAnalytics = () => useQuery(shootAnalyticsQuery());
