/** GET /api/admin/financials/mrr — monthly recurring revenue in cents. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { financialsKey } from "./keys";

export const getMrr = () => data(client.api.admin.financials.mrr.$get());

export const mrrQuery = () => queryOptions({ queryKey: [...financialsKey, "mrr"], queryFn: getMrr });

export const useMrr = () => useQuery(mrrQuery());
