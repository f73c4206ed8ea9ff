/** The storage area's public module: the R2 key layout and AES-256-GCM sealing of every stored object. */
export { getDecrypted, putEncrypted } from "./encrypted";
export {
  deletePrefix,
  downloadCacheKey,
  headshotPrefix,
  originalKey,
  referenceKeys,
  resultKey,
  cleanResultKey,
  shootPhotoKey,
  shootPrefix,
  teamBackdropKey,
  teamPrefix,
  userPrefix,
} from "./keys";
