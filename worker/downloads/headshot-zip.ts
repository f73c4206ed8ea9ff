/**
 * Headshots as one streamed ZIP (issue 24; the teams issue zips a team's chosen photos with it):
 *   headshotZipResponse(bucket, config, rows, options, filename) → the download Response
 * The archive writer is ./zip.ts; each file is ./file.ts's, the single download's.
 */
import { downloadFilename, downloadFilenameFrom, type DownloadOptions } from "../../domain/downloads";
import { styleSlug } from "../../domain/styles";
import type { Config } from "../config";
import { downloadFile, type DownloadSource } from "./file";
import { uniqueNames, zipResponse, zipStream, type ZipEntry } from "./zip";

/**
 * Headshots as one ZIP, each file made exactly as the single download makes it (./file.ts) with the
 * same options, named `headshot-{style}-{preset or resolution}-{shape}[-{dpi}dpi].{format}` (or, for a
 * row with a `stem`, `{stem}-…`: a team member's name) and made unique. The caller has chosen the rows (the owner's, in SQL; completed and still served) and checked
 * the entitlement (worker/credits refuseDownloadBeyondPlan). Files already in the
 * download cache are read from it; new ones are not written to it (a ZIP is usually made once, and no
 * copy is left behind should retention or removal empty a prefix while the archive streams).
 */
export type ZipSource = DownloadSource & { stem?: string };

export function headshotZipEntries(bucket: R2Bucket, config: Config, rows: readonly ZipSource[], options: DownloadOptions): ZipEntry[] {
  const names = uniqueNames(
    rows.map((r) => (r.stem ? downloadFilenameFrom(r.stem, options) : downloadFilename(styleSlug(r.style), options))),
  );
  return rows.map((row, i) => ({
    name: names[i]!,
    modified: row.completedAt ?? row.updatedAt,
    bytes: async () => (await downloadFile(bucket, config, row, options, { writeCache: false })).bytes,
  }));
}

/** The streamed ZIP download of `rows` (see headshotZipEntries), saved as `filename`. */
export function headshotZipResponse(
  bucket: R2Bucket,
  config: Config,
  rows: readonly ZipSource[],
  options: DownloadOptions,
  filename: string,
): Response {
  return zipResponse(zipStream(headshotZipEntries(bucket, config, rows, options)), filename);
}
