/** GET /api/admin/users-by-plan — active subscribers per plan, plus the free users. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getUsersByPlan = () => data(client.api.admin["users-by-plan"].$get());

export type UsersByPlan = Awaited<ReturnType<typeof getUsersByPlan>>;

export const usersByPlanQuery = () => queryOptions({ queryKey: [...adminKey, "users-by-plan"], queryFn: getUsersByPlan });

export const useUsersByPlan = () => useQuery(usersByPlanQuery());
