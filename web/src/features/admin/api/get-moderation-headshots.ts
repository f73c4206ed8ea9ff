/** GET /api/admin/moderation/headshots?page&pageSize&moderationStatus — headshots to review, newest first. */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { ModerationStatus } from "@/lib/domain";
import { moderationKey } from "./keys";

export const MODERATION_PAGE_SIZE = 24;

export interface ModerationParams {
  page: number;
  /** Only headshots in this moderation status; every one when absent. */
  moderationStatus?: ModerationStatus;
}

export const getModerationHeadshots = ({ page, moderationStatus }: ModerationParams) =>
  data(
    client.api.admin.moderation.headshots.$get({
      query: { page: String(page), pageSize: String(MODERATION_PAGE_SIZE), ...(moderationStatus ? { moderationStatus } : {}) },
    }),
  );

export type ModerationPage = Awaited<ReturnType<typeof getModerationHeadshots>>;
export type ModerationHeadshot = ModerationPage["items"][number];

export const moderationHeadshotsQuery = (params: ModerationParams) =>
  queryOptions({
    queryKey: [...moderationKey, "headshots", params],
    queryFn: () => getModerationHeadshots(params),
    placeholderData: keepPreviousData,
  });

export const useModerationHeadshots = (params: ModerationParams) => useQuery(moderationHeadshotsQuery(params));
