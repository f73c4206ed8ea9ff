/** GET /api/admin/analytics/generations — totals, average time, cost and the 30-day trend series. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getGenerationAnalytics = () => data(client.api.admin.analytics.generations.$get());

export type GenerationAnalytics = Awaited<ReturnType<typeof getGenerationAnalytics>>;

export const generationAnalyticsQuery = () =>
  queryOptions({ queryKey: [...adminKey, "analytics", "generations"], queryFn: getGenerationAnalytics });

export const useGenerationAnalytics = () => useQuery(generationAnalyticsQuery());
