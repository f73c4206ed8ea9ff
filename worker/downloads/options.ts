/**
 * The download query (SPEC §5, §7): parsing with messages that name the parameter and its allowed values,
 * normalisation (defaults, a preset forces `high`, a custom size is its own thing), entitlement, and the
 * cache identity of a normalised request.
 */
import { z } from "zod";
import {
  CUSTOM_MAX_PIXELS,
  CUSTOM_SIZE_MAX,
  CUSTOM_SIZE_MIN,
  DEFAULT_DOWNLOAD,
  DPIS,
  DPI_SCREEN,
  FILE_FORMATS,
  PRESET_IDS,
  RESOLUTIONS,
  PRINT_FORMATS,
  ROUND_NOT_ALLOWED,
  SHAPES,
  PAN_MAX,
  TILT_MAX,
  ZOOM_MAX,
  ZOOM_MIN,
  noAdjustment,
  formatProblem,
  CUSTOM_WEBP_FORMATS,
  roundAllowed,
  type Adjustments,
  type DownloadOptions,
} from "../../domain/downloads";

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, extra = "") =>
  z.enum(values, { error: () => `must be one of ${values.join(", ")}${extra}` });

/** Empty strings count as absent (a form that leaves a field blank). */
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

const size = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{1,5}$/, { error: `must be a whole number from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(CUSTOM_SIZE_MIN, { error: `must be a whole number from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX}` })
        .max(CUSTOM_SIZE_MAX, { error: `must be a whole number from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX}` }),
    )
    .optional(),
);

export const downloadQuery = z
  .object({
    resolution: z.preprocess(blankToUndefined, oneOf(RESOLUTIONS).optional()),
    shape: z.preprocess(blankToUndefined, oneOf(SHAPES).optional()),
    fileFormat: z.preprocess(blankToUndefined, oneOf(FILE_FORMATS).optional()),
    preset: z.preprocess(blankToUndefined, oneOf(PRESET_IDS).optional()),
    width: size,
    height: size,
    dpi: z.preprocess((v) => (v === "" || v === DPI_SCREEN ? undefined : v), oneOf(DPIS, ` (or ${DPI_SCREEN}, the default)`).optional()),
  })
  .refine((q) => !(q.preset && (q.width !== undefined || q.height !== undefined)), {
    error: "choose either a preset or a custom width/height, not both",
    path: ["preset"],
  })
  .refine((q) => q.shape !== "round" || roundAllowed(q), { error: ROUND_NOT_ALLOWED, path: ["shape"] })
  .refine((q) => formatProblem(q) !== PRINT_FORMATS, { error: PRINT_FORMATS, path: ["fileFormat"] })
  .refine((q) => formatProblem(q) !== CUSTOM_WEBP_FORMATS, { error: CUSTOM_WEBP_FORMATS, path: ["fileFormat"] })
  .refine((q) => (q.width ?? q.height ?? 0) * (q.height ?? q.width ?? 0) <= CUSTOM_MAX_PIXELS, {
    error: `width × height must be at most ${String(CUSTOM_MAX_PIXELS).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} pixels (for example 2048×2048 or 4096×1024)`,
    path: ["width"],
  });

export type DownloadQuery = z.output<typeof downloadQuery>;

/**
 * One canonical form per distinct output: defaults filled in, a preset or custom size forces `high`,
 * a custom size with one side given is square.
 */
export function normaliseDownload(q: DownloadQuery): DownloadOptions {
  const base: DownloadOptions = {
    resolution: q.resolution ?? DEFAULT_DOWNLOAD.resolution,
    shape: q.shape ?? DEFAULT_DOWNLOAD.shape,
    fileFormat: q.fileFormat ?? DEFAULT_DOWNLOAD.fileFormat,
  };
  if (q.dpi) base.dpi = q.dpi;
  if (q.preset) return { ...base, resolution: "high", preset: q.preset };
  if (q.width !== undefined || q.height !== undefined) {
    const width = q.width ?? q.height!;
    const height = q.height ?? q.width!;
    return { ...base, resolution: "high", width, height };
  }
  return base;
}

const hexColour = /^#[0-9A-Fa-f]{6}$/;
const wholeIn = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^-?\d{1,3}$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `must be a whole number from ${min} to ${max}` })
          .max(max, { error: `must be a whole number from ${min} to ${max}` }),
      )
      .optional(),
  );

/** The single download's quick changes (issue 36; decision 203): zoom, tilt, position, backdrop colour. */
export const adjustQuery = z.object({
  zoom: wholeIn(ZOOM_MIN, ZOOM_MAX),
  tilt: wholeIn(-TILT_MAX, TILT_MAX),
  panX: wholeIn(-PAN_MAX, PAN_MAX),
  panY: wholeIn(-PAN_MAX, PAN_MAX),
  background: z.preprocess(blankToUndefined, z.string().regex(hexColour, { error: "must be a colour like #1E3A8A" }).optional()),
});

/** The adjustments asked for, canonical (upper-case colour), or undefined when they change nothing. */
export function normaliseAdjust(q: z.output<typeof adjustQuery>): Adjustments | undefined {
  const a: Adjustments = { zoom: q.zoom ?? ZOOM_MIN, tilt: q.tilt ?? 0, panX: q.panX ?? 0, panY: q.panY ?? 0 };
  if (q.background) a.background = q.background.toUpperCase();
  return noAdjustment(a) ? undefined : a;
}

/**
 * Bump when the pipeline's output changes, so cached files made by older code are not served (3: the AI marking,
 * decision 110; 4: Content Credentials, decision 320; 5: the recorded model named, TIFF signed, decisions 343–344).
 */
export const PIPELINE_VERSION = 5;

/** A stable hash of the normalised options and the source they apply to (hex SHA-256, 32 chars). */
export async function downloadHash(o: DownloadOptions, source: string): Promise<string> {
  const canonical = JSON.stringify([
    PIPELINE_VERSION,
    source,
    o.resolution,
    o.shape,
    o.fileFormat,
    o.preset ?? null,
    o.width ?? null,
    o.height ?? null,
    o.dpi ?? null,
    // only when there are any, so every file cached before them keeps its key
    ...(o.adjust ? [[o.adjust.zoom, o.adjust.tilt, o.adjust.panX, o.adjust.panY, o.adjust.background ?? null]] : []),
    // only when present, so every file made without one keeps its cache entry
    ...(o.border ? [o.border.width, o.border.color] : []),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest).subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
