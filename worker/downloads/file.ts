/**
 * One headshot's download file: from the download cache in R2 when this result was already made with
 * these options, otherwise read the stored result, transform it (./transform.ts) and, when asked, keep
 * the copy in the cache (for DOWNLOAD_CACHE_DAYS: ../headshots/orphans.ts deletes older copies). The single download
 * (worker/headshots/download.ts) and the ZIP (./zip.ts) both make their files here, so a file in a ZIP is the file the
 * single download gives. Every file is signed here with its Content Credentials (decision 320), so the cache holds
 * signed files.
 */
import type { DownloadOptions } from "../../domain/downloads";
import type { Config } from "../config";
import { conflict, said } from "../lib";
import { m } from "../../copy";
import { downloadProvenance, withContentCredentials } from "../marking";
import { getDecrypted, putEncrypted, downloadCacheKey } from "../storage";
import { downloadHash } from "./options";
import { transformDownload } from "./transform";
import { TRANSFORM_WAIT_MS, transformCost, withTransformBudget } from "./memory-budget";

/** The columns of a served, completed headshot a download needs. */
export interface DownloadSource {
  id: string;
  userId: string;
  style: string;
  resultKey: string;
  completedAt: Date | null;
  updatedAt: Date;
  /** A version's kind (issue 36): an "edit" (refine) is signed as an edit of the version it started from. */
  kind: string;
  /** The model that made it (decision 343), named in its Content Credentials; null on rows from before it was recorded. */
  model: string | null;
}

export interface DownloadFile {
  bytes: Uint8Array;
  contentType: string;
  cache: "hit" | "miss";
  cacheKey: string;
  written: boolean;
}

export async function downloadFile(
  bucket: R2Bucket,
  config: Config,
  row: DownloadSource,
  options: DownloadOptions,
  opts: { writeCache: boolean; beforeMaking?: () => Promise<void> },
): Promise<DownloadFile> {
  const source = `${row.resultKey}@${(row.completedAt ?? row.updatedAt).getTime()}`;
  const cacheKey = downloadCacheKey(row.userId, row.id, await downloadHash(options, source));
  const cached = await getDecrypted(bucket, config, cacheKey);
  if (cached) return { bytes: cached.bytes, contentType: cached.contentType, cache: "hit", cacheKey, written: false };
  await opts.beforeMaking?.(); // a file not made before: the caller's limit on new ones (issue 46)
  const stored = await getDecrypted(bucket, config, row.resultKey);
  if (!stored) throw conflict(said(m.errors_result_missing));
  // within this isolate's memory for transforms (decision 318): a single download waits briefly, a ZIP's file waits.
  // Signing is inside it too; it puts the store into the room the writer left, without a second copy of the file (decision 380).
  const out = await withTransformBudget(transformCost(stored.bytes, options), opts.writeCache ? TRANSFORM_WAIT_MS : Infinity, async () => {
    const made = await transformDownload(stored.bytes, options);
    return {
      mime: made.mime,
      bytes: await withContentCredentials(made.bytes, config, downloadProvenance(row, options), { inPlace: true }),
    };
  });
  const bytes = out.bytes;
  if (opts.writeCache) await putEncrypted(bucket, config, cacheKey, bytes, out.mime);
  return { bytes, contentType: out.mime, cache: "miss", cacheKey, written: opts.writeCache };
}
