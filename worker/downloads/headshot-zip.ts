/**
 * Headshots as one streamed ZIP (issue 24; the teams issue zips a team's chosen photos with it):
 *   headshotZipResponse(bucket, config, rows, options, filename) → the download Response
 * The archive writer is ./zip.ts; each file is ./file.ts's, the single download's.
 */
import { downloadFilename, downloadFilenameFrom, type DownloadOptions } from "../../domain/downloads";
import { styleSlug } from "../../domain/styles";
import { MESSAGES, ZIPS_PER_HOUR } from "../../domain/limits";
import type { Db } from "../../db";
import type { Config } from "../config";
import { badRequest, enforce, said } from "../lib";
import { m } from "../../copy";
import { downloadFile, type DownloadSource } from "./file";
import { uniqueNames, zipResponse, zipStream, type ZipEntry } from "./zip";

/**
 * The most pictures one ZIP holds (decision 262): a chosen selection (`GET /api/downloads/zip`), a shoot
 * (one picture a style) and a team (one chosen photo a seat) all stay within it. A ZIP is built on the
 * request, so wrangler.toml's `[limits] cpu_ms` is this × ZIP_CPU_MS_PER_PICTURE × ZIP_CPU_SAFETY
 * (worker/config-files.test.ts).
 */
export const MAX_ZIP_PICTURES = 100;
/**
 * The CPU time one picture of a ZIP takes in the heaviest option (an 8×10 print as TIFF from a 2048² result:
 * read, decrypt, transform, CRC-32), rounded up from `npx tsx bench/zip-cpu.ts` (923 ms on a busy 2-core machine).
 */
export const ZIP_CPU_MS_PER_PICTURE = 950;
/** Headroom over the measured worst case: a slower or busier machine, GC, a larger result from a future model. */
export const ZIP_CPU_SAFETY = 3;

/**
 * Headshots as one ZIP, each file made exactly as the single download makes it (./file.ts) with the
 * same options, named as the single download names it (domain/downloads.ts downloadFilename, with the version) (or, for a
 * row with a `stem`, `{stem}-…`: a team member's name) and made unique. The caller has chosen the rows (the owner's, in SQL; completed and still served) and checked
 * the entitlement (worker/credits refuseDownloadBeyondPlan). Files already in the
 * download cache are read from it; new ones are not written to it (a ZIP is usually made once, and no
 * copy is left behind should retention or removal empty a prefix while the archive streams).
 */
export type ZipSource = DownloadSource & { stem?: string; version?: number };

export function headshotZipEntries(bucket: R2Bucket, config: Config, rows: readonly ZipSource[], options: DownloadOptions): ZipEntry[] {
  const names = uniqueNames(
    rows.map((r) => (r.stem ? downloadFilenameFrom(r.stem, options) : downloadFilename(styleSlug(r.style), options, r.version))),
  );
  return rows.map((row, i) => ({
    name: names[i]!,
    modified: row.completedAt ?? row.updatedAt,
    bytes: async () => (await downloadFile(bucket, config, row, options, { writeCache: false })).bytes,
  }));
}

/**
 * Counts one ZIP against the person's ZIPS_PER_HOUR (issue 46 item 9, decision 307): each is up to
 * MAX_ZIP_PICTURES transforms. Called by every ZIP route once the request is known to be allowed.
 */
export const refuseZipBeyondRate = (db: Db, userId: string) =>
  enforce(db, [{ key: `zip:${userId}:hour`, limit: ZIPS_PER_HOUR, windowSeconds: 3600 }], MESSAGES.tooManyZips);

/** The streamed ZIP download of `rows` (see headshotZipEntries), saved as `filename`. */
export function headshotZipResponse(
  bucket: R2Bucket,
  config: Config,
  rows: readonly ZipSource[],
  options: DownloadOptions,
  filename: string,
): Response {
  // Every caller's rows stay within this (see MAX_ZIP_PICTURES); a ZIP beyond it could outrun the CPU limit mid-stream.
  if (rows.length > MAX_ZIP_PICTURES) throw badRequest(said(m.errors_zip_too_many, { max: MAX_ZIP_PICTURES }));
  return zipResponse(zipStream(headshotZipEntries(bucket, config, rows, options)), filename);
}
