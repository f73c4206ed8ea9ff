/**
 * The ZIP downloads: GET /api/shoots/{id}/zip (a whole shoot), GET /api/downloads/zip?ids=… (a
 * selection) and GET /api/team/zip (the team's chosen photos, for its owner), with the single
 * download's options; saved with the server's filename.
 */
import { useMutation } from "@tanstack/react-query";
import { client } from "@/api/client";
import type { DownloadOptions } from "@/lib/domain";
import { downloadQueryParams, filenameFromDisposition } from "../options";

export type ZipTarget = { shootId: string } | { ids: string[] } | { team: true };

export async function downloadZip({ target, options }: { target: ZipTarget; options: DownloadOptions }) {
  const query = downloadQueryParams(options);
  const res =
    "shootId" in target
      ? await client.api.shoots[":id"].zip.$get({ param: { id: target.shootId }, query })
      : "ids" in target
        ? await client.api.downloads.zip.$get({ query: { ...query, ids: target.ids.join(",") } })
        : await client.api.team.zip.$get({ query });
  const blob = await res.blob();
  return { blob, filename: filenameFromDisposition(res.headers.get("Content-Disposition")) ?? "headshots.zip" };
}

export function useDownloadZipMutation() {
  return useMutation({ mutationFn: downloadZip });
}
