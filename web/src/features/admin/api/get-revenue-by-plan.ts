/** GET /api/admin/financials/revenue-by-plan?from&to — paid invoices minus refunds per plan, in cents. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { PeriodQuery } from "../date-range";
import { financialsKey } from "./keys";

export const getRevenueByPlan = (period: PeriodQuery) => data(client.api.admin.financials["revenue-by-plan"].$get({ query: period }));

export const revenueByPlanQuery = (period: PeriodQuery) =>
  queryOptions({ queryKey: [...financialsKey, "revenue-by-plan", period], queryFn: () => getRevenueByPlan(period) });

export const useRevenueByPlan = (period: PeriodQuery) => useQuery(revenueByPlanQuery(period));
