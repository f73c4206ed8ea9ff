/** Limits and timings shared by the web app and the worker (SPEC §5, §9). */
export const FREE_GENERATIONS = 2;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024; // 10485760
export const MAX_UPLOAD_MEGAPIXELS = 40;
export const ACCEPTED_UPLOAD_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
/** Children under 13 are not served (SPEC §1, §9). */
export const MINIMUM_AGE = 13;
/** Uploads per user: a burst, an hour (above the fair-use 30 generations), and photos never generated. */
export const UPLOADS_PER_MINUTE = 10;
export const UPLOADS_PER_HOUR = 60;
export const MAX_UNUSED_UPLOADS = 5;
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Retention (privacy policy, docs/decisions/025-retention.md): while a subscription is entitled, every
 * photo is kept; a headshot's photos are deleted RETENTION_DAYS after the later of its creation and the
 * end of its owner's last subscription period.
 */
export const RETENTION_DAYS = 30;
export const RETENTION_MS = RETENTION_DAYS * 24 * 60 * 60 * 1000;
export const STATUS_POLL_MS = 2000;
export const PROGRESS_STEP = 5;
export const PROGRESS_CAP = 90;
export const ESTIMATED_SECONDS = 15;
export const CREDITS_REFETCH_BADGE_MS = 30_000;
export const CREDITS_REFETCH_BANNER_MS = 10_000;

export const MESSAGES = {
  badType: "Please upload a JPG, PNG, or WebP image",
  tooLarge: "File size must be less than 10MB",
  passwordsMismatch: "Passwords do not match",
  freeUsed: "You've used all 2 free generations. Upgrade to continue!",
  verifyFirst: "Please verify your email to receive 2 free generations",
  generationFailed: "Generation failed",
  tooManyUploads: "You're uploading photos too quickly. Please wait a moment and try again.",
  requestTooLarge: "This request is too large.",
  headshotRemoved: "This headshot was removed by our moderators and is no longer available.",
  /** Retention deleted its photos (RETENTION_DAYS after creation or after the last subscription ended). */
  headshotExpired: `This headshot's photos were deleted ${RETENTION_DAYS} days after your subscription ended (or ${RETENTION_DAYS} days after it was created without a subscription), as our privacy policy describes.`,
  /** Sign-up without the age and terms confirmation (SPEC §1: children under 13 are not served). */
  termsRequired: "Please confirm that you are 13 or older and accept the Terms of Service.",
} as const;
