/** GET /api/admin/financials/arr — annual recurring revenue in cents (MRR × 12). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { financialsKey } from "./keys";

export const getArr = () => data(client.api.admin.financials.arr.$get());

export const arrQuery = () => queryOptions({ queryKey: [...financialsKey, "arr"], queryFn: getArr });

export const useArr = () => useQuery(arrQuery());
