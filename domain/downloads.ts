/** Download options (SPEC §2, §5, §9). */
export const RESOLUTIONS = ["high", "web"] as const;
export const SHAPES = ["square", "round"] as const;
export const FILE_FORMATS = ["png", "webp", "tiff"] as const;
export const DPIS = ["150", "300"] as const; // absent = screen
/** `web` resolution: the long side in pixels (a lighter file for sites and chat apps). */
export const WEB_LONG_SIDE = 512;
export const CUSTOM_SIZE_MIN = 64;
export const CUSTOM_SIZE_MAX = 4096;
/**
 * A custom size's pixel budget (2048² = 4096×1024): beyond it photon's resize needs more WASM memory
 * than a Worker's 128 MB (4096² measured at ~208 MB; docs/decisions/032-download-memory-and-cache.md).
 */
export const CUSTOM_MAX_PIXELS = 2048 * 2048;

/** Whether a custom width × height is one the worker accepts: each side 64–4096, at most `CUSTOM_MAX_PIXELS`. */
export function customSizeProblem(width: number, height: number): string | null {
  const side = (n: number) => Number.isInteger(n) && n >= CUSTOM_SIZE_MIN && n <= CUSTOM_SIZE_MAX;
  if (!side(width) || !side(height)) return `Each side must be a whole number from ${CUSTOM_SIZE_MIN} to ${CUSTOM_SIZE_MAX} pixels.`;
  if (width * height > CUSTOM_MAX_PIXELS) {
    return `Width × height must be at most ${CUSTOM_MAX_PIXELS.toLocaleString("en")} pixels (for example 2048×2048 or 4096×1024).`;
  }
  return null;
}

export const PRESETS = [
  { id: "instagram-square", name: "Instagram square", width: 1080, height: 1080, use: "Instagram posts and profile" },
  { id: "facebook-profile", name: "Facebook profile", width: 320, height: 320, use: "Facebook profile picture" },
  { id: "twitter-profile", name: "X / Twitter profile", width: 400, height: 400, use: "X (Twitter) profile picture" },
  { id: "linkedin-banner", name: "LinkedIn banner", width: 1584, height: 396, use: "LinkedIn background banner" },
  { id: "twitter-banner", name: "X / Twitter banner", width: 1500, height: 500, use: "X (Twitter) header image" },
  { id: "email-signature", name: "Email signature", width: 200, height: 200, use: "Email signature photo" },
  // 8×10 inches at 300 DPI, portrait (the actor page's promise; decision 180). Choosing it in the app
  // also picks 300 DPI, so the file prints at 8×10 without a setting. PNG or TIFF only (`formatAllowed`).
  {
    id: "print-8x10",
    name: "8×10 print",
    width: 2400,
    height: 3000,
    use: "Actor headshot print, 8×10 in at 300 DPI",
    dpi: "300",
    print: true,
  },
] as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type Shape = (typeof SHAPES)[number];
export type FileFormat = (typeof FILE_FORMATS)[number];
export type Dpi = (typeof DPIS)[number];
export type PresetId = (typeof PRESETS)[number]["id"];
export const PRESET_IDS = PRESETS.map((p) => p.id) as unknown as readonly [PresetId, ...PresetId[]];

export interface DownloadOptions {
  resolution: Resolution;
  shape: Shape;
  fileFormat: FileFormat;
  preset?: PresetId;
  width?: number;
  height?: number;
  dpi?: Dpi;
  /** Quick changes without the model (issue 36), single downloads only; absent: none. */
  adjust?: Adjustments;
  /** A border drawn inside the edge (a team's profile-picture template, decision 257): width in pixels, colour #RRGGBB. */
  border?: { width: number; color: string };
}

/**
 * Quick changes made in the download pipeline, free (issue 36; decision 203): zoom (percent, 100 = as made), tilt
 * (whole degrees, clockwise; the picture is enlarged just enough that no corner is empty), the framing's position
 * (percent of the room the zoom leaves, −100 left/up … 100 right/down) and a new backdrop colour (#RRGGBB).
 */
export interface Adjustments {
  zoom: number;
  tilt: number;
  panX: number;
  panY: number;
  background?: string;
}
export const ZOOM_MIN = 100;
export const ZOOM_MAX = 200;
export const TILT_MAX = 15;
export const PAN_MAX = 100;
/** The styles made on a plain backdrop, whose colour the download can change; a team-look picture's too. */
export const BACKGROUND_STYLES = ["White Background", "Black Background"] as const;
export const BACKGROUND_NOT_ALLOWED =
  "The backdrop colour can be changed for the White Background and Black Background styles and for pictures made in a team's brand colour.";

/** Whether a picture of this style (made in a team's brand colour or not) may have its backdrop recoloured. */
export function backgroundAllowed(style: string, teamColor: string | null | undefined): boolean {
  return (BACKGROUND_STYLES as readonly string[]).includes(style) || Boolean(teamColor);
}

/** Whether the adjustments change nothing (the download is made as if there were none). */
export const noAdjustment = (a: Adjustments | undefined): boolean =>
  !a || (a.zoom === ZOOM_MIN && a.tilt === 0 && a.panX === 0 && a.panY === 0 && !a.background);

export const DEFAULT_DOWNLOAD: DownloadOptions = { resolution: "high", shape: "square", fileFormat: "png" };

/** Free users get `web` only; `high`, presets and custom sizes (all normalised to high) need a subscription. */
export function needsSubscription(o: Pick<DownloadOptions, "resolution">): boolean {
  return o.resolution !== "web";
}

/**
 * Round (a circle with transparent corners) only makes sense for a square picture: a banner preset or a
 * custom size that is not square would become a pill, so it is not offered there (issue 23); the
 * worker refuses it too.
 */
export function roundAllowed(o: Pick<DownloadOptions, "preset" | "width" | "height">): boolean {
  const preset = PRESETS.find((p) => p.id === o.preset);
  if (preset) return preset.width === preset.height;
  return (o.width ?? o.height) === (o.height ?? o.width);
}

export const ROUND_NOT_ALLOWED = "Round is only offered for square sizes; banners and other wide sizes download square.";

/**
 * A custom size comes as WebP up to this many pixels (1600×1600): resizing and then writing lossless WebP
 * above it needs more than half a Worker's 128 MB (bench/memory.ts: 1800² 64 MB, 2000² 81 MB; decision 236).
 * Larger custom sizes come as PNG or TIFF, as lossless as the WebP. High resolution (the picture at its own
 * size) comes as WebP whatever its size: that one is not resized.
 */
export const CUSTOM_WEBP_MAX_PIXELS = 1600 * 1600;

export const PRINT_FORMATS = "The 8×10 print comes as PNG or TIFF, the formats print labs take.";
export const CUSTOM_WEBP_FORMATS = "WebP is offered for custom sizes up to 1600×1600 pixels; larger ones come as PNG or TIFF.";

/**
 * Why a format is not offered for these options, or null. A print preset comes as PNG or TIFF, the formats
 * print labs take: lossless WebP of 2400×3000 needs about 117 MB of encoder memory, more than a Worker has
 * beside the pixels (decision 180); a custom size above CUSTOM_WEBP_MAX_PIXELS likewise (decision 236).
 */
export function formatProblem(o: { preset?: PresetId; fileFormat?: FileFormat; width?: number; height?: number }): string | null {
  if (o.fileFormat !== "webp") return null;
  const preset = PRESETS.find((p) => p.id === o.preset);
  if (preset && "print" in preset) return PRINT_FORMATS;
  const width = o.width ?? o.height;
  const height = o.height ?? o.width;
  if (width !== undefined && height !== undefined && width * height > CUSTOM_WEBP_MAX_PIXELS) return CUSTOM_WEBP_FORMATS;
  return null;
}

/** Whether the format is offered for these options (`formatProblem` says why not). */
export const formatAllowed = (o: Parameters<typeof formatProblem>[0]): boolean => formatProblem(o) === null;

/** Accepted `dpi` values, with the screen default spelled out (the web sends "screen" or nothing). */
export const DPI_SCREEN = "screen";

/**
 * headshot-{style}[-v{version}]-{preset or resolution}[-{shape}][-{dpi}dpi].{format} (SPEC §9, as it says what the
 * file is: issue 46, decision 307); a custom size (not in SPEC §9) takes the place of the preset as {width}x{height}.
 * The shape is named only for a square picture, where square or round was a choice: a banner, the 8×10 print or a
 * custom 1000x1500 is neither. A shape the size already names is not repeated (`instagram-square`, not
 * `instagram-square-square`; decision 180). A version after the first says which (`-v2`), so the versions of
 * one picture do not all save under one name.
 */
export function downloadFilename(styleSlug: string, o: DownloadOptions, version = 1): string {
  return downloadFilenameFrom(`headshot-${styleSlug}${version > 1 ? `-v${version}` : ""}`, o);
}

/** `{stem}-{preset or size or resolution}[-{shape}][-{dpi}dpi].{format}`: the single download's name with another stem. */
export function downloadFilenameFrom(stem: string, o: DownloadOptions): string {
  const custom = o.width && o.height ? `${o.width}x${o.height}` : undefined;
  const size = o.preset ?? custom ?? o.resolution;
  const shape = !roundAllowed(o) || size.endsWith(`-${o.shape}`) ? "" : `-${o.shape}`;
  return `${stem}-${size}${shape}${o.dpi ? `-${o.dpi}dpi` : ""}.${o.fileFormat}`;
}

/**
 * A person's or a team's name as a file name's stem: accents dropped ("José Núñez" → "jose-nunez"),
 * anything else that is not a letter or digit a hyphen; `fallback` when nothing is left (a name in
 * another script, say).
 */
export function fileStem(text: string, fallback: string): string {
  const stem = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return stem || fallback;
}
