/** GET /api/admin/analytics/users — total, new in the last 30 days, sign-up cohorts by month. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getUserAnalytics = () => data(client.api.admin.analytics.users.$get());

export type UserAnalytics = Awaited<ReturnType<typeof getUserAnalytics>>;

export const userAnalyticsQuery = () => queryOptions({ queryKey: [...adminKey, "analytics", "users"], queryFn: getUserAnalytics });

export const useUserAnalytics = () => useQuery(userAnalyticsQuery());
