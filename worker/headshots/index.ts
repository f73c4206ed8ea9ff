/**
 * The headshots area's public module: `/api/headshots`, a headshot's status (`moveHeadshots`, its one
 * writer), photo intake and who may generate, for shoots; retention and unused-upload sweeps for the cron.
 */
export { headshotRoutes, toApiHeadshot, uploadAllowed } from "./routes";
export { teamBackdropRoutes } from "./team-backdrop";
export { freeUsed, verifyFirst } from "./entitlement";
export { forgetFinished } from "./finished-status";
export { deletePhotoObjects } from "./photo-objects";
export { moveHeadshots } from "./lifecycle";
export { checkPhoto, insertOrCleanUp, uploadBodyLimit, type CheckedPhoto } from "./photo-intake";
export { inspectImage } from "./image-bytes";
export { purgeImages, queueExpiredImages } from "./retention";
export { deleteOrphans, sweepOrphanedObjects } from "./orphans";
export { sweepUnusedUploads } from "./unused-uploads";
