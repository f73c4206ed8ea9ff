/** GET /api/admin/model — the image model in use, its shutdown warning and the last configuration failure (issue 32). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { adminKey } from "./keys";

export const getModelStatus = () => data(client.api.admin.model.$get());

export type ModelStatus = Awaited<ReturnType<typeof getModelStatus>>;

export const modelStatusQuery = () => queryOptions({ queryKey: [...adminKey, "model"], queryFn: getModelStatus });

export const useModelStatus = () => useQuery(modelStatusQuery());
