/**
 * The downloads area's public module: `/api/downloads` (a selection as one ZIP), the export pipeline (one headshot's file, headshots as one
 * streamed ZIP, the download options), the AI marking written into a stored result, and the PNG
 * chunk checksum (uploads check it too).
 */
export { concatBytes } from "./bytes";
export { downloadRoutes, nothingToZip, ownedZipRows } from "./routes";
export { crc32 } from "./crc32";
export { downloadFile } from "./file";
export { headshotZipResponse, MAX_ZIP_PICTURES, refuseZipBeyondRate, type ZipSource } from "./headshot-zip";
export { markAiImage } from "./mark";
export { adjustQuery, downloadQuery, normaliseAdjust, normaliseDownload } from "./options";
// the raster tools a photo upload reduces with (worker/photos/photo-reduce.ts)
export { decodePng, unfilterRow } from "./png-decode";
export { toRgba, type Raster } from "./raster";
export { resizeRgba } from "./resize";
// the landing's small examples (worker/landing/examples.ts, decision 252)
export { transformDownload } from "./transform";
