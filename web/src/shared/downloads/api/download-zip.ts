/**
 * The ZIP downloads: GET /api/shoots/{id}/zip (a whole shoot) and GET /api/downloads/zip?ids=… (a
 * selection), with the single download's options; saved with the server's filename.
 */
import { useMutation } from "@tanstack/react-query";
import { client } from "@/api/client";
import type { DownloadOptions } from "@/lib/domain";
import { downloadQueryParams, filenameFromDisposition } from "../options";

export type ZipTarget = { shootId: string } | { ids: string[] };

export async function downloadZip({ target, options }: { target: ZipTarget; options: DownloadOptions }) {
  const query = downloadQueryParams(options);
  const res =
    "shootId" in target
      ? await client.api.shoots[":id"].zip.$get({ param: { id: target.shootId }, query })
      : await client.api.downloads.zip.$get({ query: { ...query, ids: target.ids.join(",") } });
  const blob = await res.blob();
  return { blob, filename: filenameFromDisposition(res.headers.get("Content-Disposition")) ?? "headshots.zip" };
}

export function useDownloadZipMutation() {
  return useMutation({ mutationFn: downloadZip });
}
