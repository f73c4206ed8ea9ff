/** GET /api/admin/financials/profit-30d — revenue minus generation cost over the last 30 days, in cents. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { financialsKey } from "./keys";

export const getProfit30d = () => data(client.api.admin.financials["profit-30d"].$get());

export const profit30dQuery = () => queryOptions({ queryKey: [...financialsKey, "profit-30d"], queryFn: getProfit30d });

export const useProfit30d = () => useQuery(profit30dQuery());
