/**
 * The headshots area's public module: `/api/headshots`, a headshot's status (`moveHeadshots`, its one
 * writer) and who may generate, for shoots (a photo comes in through worker/photos); retention and unused-upload sweeps for the cron.
 */
export { headshotRoutes, toApiHeadshot, uploadAllowed } from "./routes";
export { freeUsed, verifyFirst } from "./entitlement";
export { forgetFinished } from "./finished-status";
export { deletePhotoObjects } from "./photo-objects";
export { moveHeadshots } from "./lifecycle";
export { purgeImages, queueExpiredImages } from "./retention";
export { deleteOrphans, sweepOrphanedObjects } from "./orphans";
export { sweepUnusedUploads } from "./unused-uploads";
