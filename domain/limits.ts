/** Limits and timings shared by the web app and the worker (SPEC §5, §9). */
export const FREE_GENERATIONS = 2;
/** The upload limit in MB (SPEC: 10 MB, 10485760 bytes). */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/**
 * The largest photo the browser takes to shrink before sending (issue 46 item 19): a phone's 16 MB JPEG is sent
 * as about 1 MB, and MAX_UPLOAD_BYTES is checked on what is sent (the server's limit is unchanged).
 */
export const MAX_SHRINKABLE_MB = 50;
export const MAX_UPLOAD_MEGAPIXELS = 40;
/** The shorter side of an uploaded photo, at least (a smaller one makes a blurry headshot). */
export const MIN_UPLOAD_SIDE = 256;
/**
 * The longer side of a photo as stored and sent to the model, at most (issue 34; decision 170): the
 * browser brings a photo down to it before sending, the server reduces what still arrives larger.
 */
export const MODEL_PHOTO_MAX_SIDE = 2048;
export const ACCEPTED_UPLOAD_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
/** Children under 13 are not served (SPEC §1, §9). */
export const MINIMUM_AGE = 13;
/**
 * Fair use of "unlimited" generations (docs/decisions/295-fair-use-an-allowance-that-refills.md): an allowance
 * that refills, per plan and per team seat. A person starts with FAIR_USE_AT_ONCE pictures (a first shoot of
 * every style and a few edits), and the allowance refills by `refill` a `per` (continuously: a picture's
 * worth at a time), up to FAIR_USE_AT_ONCE again. Free redos take none (decision 202). The server takes from
 * it in the transaction that starts the pictures; the pricing cards, the terms and the emails state it in words
 * (domain/plans.ts: each plan's `FAIR_USE` and `fairUseCaps`), and worker/generation/plan-cost.test.ts checks each plan's worst case
 * (every picture the allowance gives over a billing period, at 2K) against the plan's price after VAT and fees.
 */
export const FAIR_USE_AT_ONCE = 15;
export interface FairUseAllowance {
  /** Pictures the allowance holds when full (a new subscriber's). */
  atOnce: number;
  /** Pictures it refills by… */
  refill: number;
  /** …a day or a week. */
  per: "day" | "week";
}
/** How many pictures the allowance refills by in a day (a fraction for a weekly refill). */
export const fairUseRefillPerDay = (a: FairUseAllowance): number => a.refill / (a.per === "week" ? 7 : 1);
/** How long an email verification (or email-change) link works. */
export const VERIFICATION_TTL_HOURS = 24;
/** Without a password, a Google sign-in at most this old confirms an account deletion or an email change. */
export const RECENT_GOOGLE_SIGNIN_MINUTES = 10;
/** Uploads per user: a burst, an hour (above the pictures fair use allows at once), and photos never generated. */
export const UPLOADS_PER_MINUTE = 10;
export const UPLOADS_PER_HOUR = 60;
/**
 * Downloads (issue 46 item 9, decision 307): a file not made before (a size, format or quick change: a cache
 * miss) costs a transform and an R2 object, so new ones are bounded per picture and per person each clock
 * hour; files already made still come. ZIPs (up to MAX_ZIP_PICTURES transforms each) per person each hour.
 */
export const DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR = 20;
export const DOWNLOAD_VARIANTS_PER_HOUR = 60;
export const ZIPS_PER_HOUR = 10;
/** Days a made download file is kept for the next identical download (the hourly cron deletes older ones). */
export const DOWNLOAD_CACHE_DAYS = 7;
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
/** Tries per generation: the first and up to 3 retries after the image service's transient errors (decision 023). */
export const GENERATION_MAX_ATTEMPTS = 4;
export const CREDITS_REFETCH_BADGE_MS = 30_000;
export const CREDITS_REFETCH_BANNER_MS = 10_000;

/** Where people write to us (the policies and emails name it). */
export const SUPPORT_EMAIL = "support@headshot.studio";

/** How long a password reset link works (the email and the forgot-password page say it). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const MESSAGES = {
  /** Too many large downloads are being made at once on this server (worker/downloads/memory-budget.ts, decision 318). */
  downloadBusy: "We're making several large downloads right now. Please try again in a few seconds.",
  badType: "Please upload a JPG, PNG, or WebP image",
  tooLarge: `File size must be less than ${MAX_UPLOAD_MB}MB`,
  tooLargeToShrink: `This photo is larger than ${MAX_SHRINKABLE_MB} MB, too large to prepare here. Please choose a smaller copy of it.`,
  passwordsMismatch: "Passwords do not match",
  freeUsed: `You've used all ${FREE_GENERATIONS} free generations. Upgrade to continue!`,
  verifyFirst: `Please verify your email to receive ${FREE_GENERATIONS} free generations`,
  generationFailed: "Generation failed",
  /** Why a generation failed, in plain words (the error of a failed headshot; decision 100). */
  generationBusy: `Our image service was too busy to make your headshot, even after ${GENERATION_MAX_ATTEMPTS} tries.`,
  /** The image model refused our key or model (401/403/404): our configuration, never the person's photo. */
  generationUnavailable:
    "Our image service isn't working on our side right now, so we couldn't make your headshot. It was not your photo: we've been alerted and are fixing it.",
  /** The model's quota would not have room for it within MAX_QUOTA_WAIT_SECONDS (worker/generation/limiter.ts, decision 191). */
  generationQueuedTooLong: "Our image service has been too busy for hours, so we stopped waiting to make your headshot.",
  generationStuck: "Making your headshot took far longer than it should, so we stopped it.",
  /** Said of a failed or removed headshot whose free generation was given back. */
  generationRefunded: "The free generation it used was given back, so trying again costs you nothing.",
  generationNoPhoto: "We couldn't read your uploaded photo. Please upload it again.",
  tooManyUploads: "You're uploading photos too quickly. Please wait a moment and try again.",
  tooManyDownloadVariants: `You've made many new download files this hour (up to ${DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR} of one picture, ${DOWNLOAD_VARIANTS_PER_HOUR} in all). Files you've already downloaded still come at once; new sizes and quick changes can be made again when the hour is up.`,
  tooManyZips: `You've downloaded ${ZIPS_PER_HOUR} ZIP files this hour. Please try again when the hour is up, or download pictures one at a time.`,
  requestTooLarge: "This request is too large.",
  /** The photo checks before the preview (web/src/features/generator/photo-check.ts), the server's too where it can tell. */
  notAnImage: "This file is not an image. Please upload a JPG, PNG, or WebP image",
  heic: "This is an HEIC photo from an iPhone, which we can't read. Please export it as JPEG: on a Mac, open it in Preview and choose File › Export › JPEG; on the iPhone, choose Settings › Camera › Formats › Most Compatible so new photos are saved as JPEG. Then upload the JPEG.",
  /** An HEIC photo this browser cannot decode (Safari can: there it is converted to JPEG before upload). */
  heicInThisBrowser:
    "This is an HEIC photo (an iPhone's usual format), and this browser can't convert it. Please choose it again in Safari, or export it as JPEG: on a Mac, open it in Preview and choose File › Export › JPEG; on the iPhone, choose Settings › Camera › Formats › Most Compatible so new photos are saved as JPEG.",
  unreadable: "This photo could not be read; the file may be damaged. Please choose another JPG, PNG, or WebP image.",
  tooSmall: `This photo is too small. Please use one at least ${MIN_UPLOAD_SIDE}×${MIN_UPLOAD_SIDE} pixels so your headshot comes out sharp.`,
  headshotRemoved: "This headshot was removed by our moderators and is no longer available.",
  /** Retention deleted its photos (RETENTION_DAYS after creation or after the last subscription ended). */
  headshotExpired: `This headshot's photos were deleted ${RETENTION_DAYS} days after your subscription ended (or ${RETENTION_DAYS} days after it was created without a subscription), as our privacy policy describes.`,
  /** Sign-up without the age and terms confirmation (SPEC §1: children under 13 are not served). */
  termsRequired: `Please confirm that you are ${MINIMUM_AGE} or older and accept the Terms of Service.`,
} as const;
