/** GET /api/headshots/{id}/download?… — the finished headshot as a file, with the server's filename. */
import { useMutation } from "@tanstack/react-query";
import { client } from "@/api/client";
import type { ApiHeadshot, DownloadOptions } from "@/lib/domain";
import { downloadQueryParams, fallbackFilename, filenameFromDisposition } from "../options";

export async function downloadHeadshot({
  headshot,
  options,
}: {
  headshot: Pick<ApiHeadshot, "id" | "style"> & Partial<Pick<ApiHeadshot, "version">>;
  options: DownloadOptions;
}) {
  const res = await client.api.headshots[":id"].download.$get({ param: { id: headshot.id }, query: downloadQueryParams(options) });
  const blob = await res.blob();
  const filename =
    filenameFromDisposition(res.headers.get("Content-Disposition")) ?? fallbackFilename(headshot.style, options, headshot.version);
  return { blob, filename };
}

export function useDownloadHeadshotMutation() {
  return useMutation({ mutationFn: downloadHeadshot });
}
