/**
 * GET /api/admin/users?page&pageSize&q — one page of users, newest first, searched on the server
 * (SPEC §7: always refetched on mount, never stale).
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { ADMIN_PAGE_SIZE_DEFAULT } from "@/lib/domain";
import { adminKey } from "./keys";

export const USERS_PAGE_SIZE = ADMIN_PAGE_SIZE_DEFAULT;

export interface UsersParams {
  page: number;
  q: string;
}

export const getUsers = ({ page, q }: UsersParams) =>
  data(client.api.admin.users.$get({ query: { page: String(page), pageSize: String(USERS_PAGE_SIZE), ...(q ? { q } : {}) } }));

export type AdminUsersPage = Awaited<ReturnType<typeof getUsers>>;
export type AdminUserRow = AdminUsersPage["items"][number];

export const usersRootKey = [...adminKey, "users"] as const;

export const usersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: [...usersRootKey, params],
    queryFn: () => getUsers(params),
    staleTime: 0,
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQuery(params));
