/** GET /api/admin/financials/churn?from&to — churn over the period (the last 30 days without one). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { PeriodQuery } from "../date-range";
import { financialsKey } from "./keys";

export const getChurn = (period: PeriodQuery) => data(client.api.admin.financials.churn.$get({ query: period }));

export const churnQuery = (period: PeriodQuery) =>
  queryOptions({ queryKey: [...financialsKey, "churn", period], queryFn: () => getChurn(period) });

export const useChurn = (period: PeriodQuery) => useQuery(churnQuery(period));
