/** GET /api/admin/financials/profit-mrr — MRR minus the estimated monthly cost, in cents. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { financialsKey } from "./keys";

export const getProfitMrr = () => data(client.api.admin.financials["profit-mrr"].$get());

export const profitMrrQuery = () => queryOptions({ queryKey: [...financialsKey, "profit-mrr"], queryFn: getProfitMrr });

export const useProfitMrr = () => useQuery(profitMrrQuery());
