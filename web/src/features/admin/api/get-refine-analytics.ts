/** GET /api/admin/analytics/refines — edits, redos and the redo rate per style (issue 36), all time. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getRefineAnalytics = () => data(client.api.admin.analytics.refines.$get({ query: {} }));

export const refineAnalyticsQuery = () => queryOptions({ queryKey: [...adminKey, "analytics", "refines"], queryFn: getRefineAnalytics });

export const useRefineAnalytics = () => useQuery(refineAnalyticsQuery());
