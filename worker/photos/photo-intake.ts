/**
 * Taking a photo in: the one code path for every upload (a single headshot's, and each photo of a shoot).
 * - `uploadBodyLimit(n)`: the route's own body limit (worker/lib/body-limit.ts): n maximal photos and a
 *   few small fields (413 otherwise);
 * - `checkPhoto`: size, type by magic bytes (HEIC gets its advice), dimensions, and the bytes to store:
 *   stripped (no EXIF/GPS/XMP: ./image-bytes.ts), brought down to the model's size and upright
 *   (./photo-reduce.ts), or a 4xx with a sentence a person can read;
 * - `insertOrCleanUp`: objects are written first, then the rows; if the rows cannot be written the
 *   objects go too. The account may have been deleted since requireUser looked (deleteUser sweeps
 *   objects before and after it deletes the rows): the foreign key refuses the row, and that is the
 *   deleted-account 401, not a 500 (worker/headshots/upload-race.test.ts).
 */
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS, MESSAGES, MIN_UPLOAD_SIDE } from "../../domain/limits";
import { sniffPhoto } from "../../domain/photo-kind";
import { ACCOUNT_GONE, isForeignKeyViolation, badRequest, unauthorized, errorFields, log, routeBodyLimit, refuse, said } from "../lib";
import { m } from "../../copy";
import { ImageProblem, inspectImage } from "./image-bytes";
import { reducePhoto, type StoredPhoto } from "./photo-reduce";

/** Room for the multipart boundaries and the small text fields around the photos. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;

export const tooLarge = () => refuse("too_large", MESSAGES.tooLarge);
/** Not a JPEG, PNG or WebP: an iPhone's HEIC gets the advice to export it as JPEG. */
const typeMessage = (bytes: Uint8Array) => (sniffPhoto(bytes.subarray(0, 64)) === "heic" ? MESSAGES.heic : MESSAGES.badType);

/** Refuses a body larger than `photos` maximal photos (before it is read). */
export const uploadBodyLimit = (photos: number) =>
  routeBodyLimit(photos * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, () => {
    throw tooLarge();
  });

/** The photo as it will be stored: without its metadata, upright, at most MODEL_PHOTO_MAX_SIDE. */
export type CheckedPhoto = StoredPhoto;

/** Checks one uploaded file and strips its metadata; throws the 4xx the person should see. */
export async function checkPhoto(photo: File): Promise<CheckedPhoto> {
  if (photo.size > MAX_UPLOAD_BYTES) throw tooLarge();
  if (photo.size === 0) throw badRequest(said(m.errors_empty_file));
  const bytes = new Uint8Array(await photo.arrayBuffer());
  let image;
  try {
    image = inspectImage(bytes, MAX_PIXELS);
  } catch (err) {
    if (err instanceof ImageProblem) throw badRequest(err.kind === "type" ? typeMessage(bytes) : err.message);
    throw err;
  }
  if (Math.min(image.width, image.height) < MIN_UPLOAD_SIDE) throw badRequest(MESSAGES.tooSmall);
  return reducePhoto(image);
}

/**
 * Writes the rows for objects already stored under `keys`: on any failure the objects are deleted, and a
 * foreign-key refusal (the account was deleted meanwhile) is the 401 the client understands. An empty
 * answer means the same (nothing was written).
 */
export async function insertOrCleanUp<T>(bucket: R2Bucket, keys: string[], write: () => Promise<T[]>): Promise<T[]> {
  const cleanUp = () => bucket.delete(keys).catch((e) => log("error", "upload: cleanup failed", { keys, ...errorFields(e) }));
  let rows: T[];
  try {
    rows = await write();
  } catch (err) {
    await cleanUp();
    if (isForeignKeyViolation(err)) throw unauthorized(ACCOUNT_GONE, "account_gone");
    throw err;
  }
  if (rows.length === 0) {
    await cleanUp();
    throw unauthorized(ACCOUNT_GONE, "account_gone");
  }
  return rows;
}
