/** GET /api/admin/analytics/likeness — the average likeness per style, as reported by the users' browsers (all time). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getLikenessByStyle = () => data(client.api.admin.analytics.likeness.$get({ query: {} }));

export type LikenessByStyle = Awaited<ReturnType<typeof getLikenessByStyle>>;

export const likenessByStyleQuery = () => queryOptions({ queryKey: [...adminKey, "analytics", "likeness"], queryFn: getLikenessByStyle });

export const useLikenessByStyle = () => useQuery(likenessByStyleQuery());
