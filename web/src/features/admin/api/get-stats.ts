/** GET /api/admin/stats — the four summary cards (SPEC §3 Admin stats). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getStats = () => data(client.api.admin.stats.$get());

export type AdminStats = Awaited<ReturnType<typeof getStats>>;

export const statsQuery = () => queryOptions({ queryKey: [...adminKey, "stats"], queryFn: getStats });

export const useStats = (enabled = true) => useQuery({ ...statsQuery(), enabled });
