import {
  DEFAULT_DOWNLOAD,
  ZOOM_MIN,
  PRESETS,
  downloadFilename,
  formatAllowed,
  roundAllowed,
  styleSlug,
  type DownloadOptions,
  type Dpi,
  type PresetId,
  type Resolution,
} from "@/lib/domain";

/** Free users start on `web` (the only resolution they may download); subscribers on the spec's defaults. */
export function defaultOptions(isSubscriber: boolean): DownloadOptions {
  return isSubscriber ? { ...DEFAULT_DOWNLOAD } : { ...DEFAULT_DOWNLOAD, resolution: "web" };
}

/** The options without a size: no preset, no custom width and height. */
function withoutSize(o: DownloadOptions): DownloadOptions {
  const { preset: _preset, width: _width, height: _height, ...rest } = o;
  return rest;
}

/**
 * SPEC §5: choosing a preset forces resolution to high; "none" clears it. A preset that is not square
 * (a banner) is square-shaped: Round is not offered there (`roundAllowed`). A print preset brings its
 * DPI (the 8×10 print: 300), which the person may still change.
 */
export function choosePreset(o: DownloadOptions, preset: PresetId | undefined): DownloadOptions {
  const rest = withoutSize(o);
  const chosen = PRESETS.find((p) => p.id === preset);
  const sized: DownloadOptions = preset
    ? { ...rest, preset, resolution: "high", ...(chosen && "dpi" in chosen ? { dpi: chosen.dpi } : {}) }
    : rest;
  const next = formatAllowed(sized) ? sized : { ...sized, fileFormat: "png" as const };
  return roundAllowed(next) ? next : { ...next, shape: "square" };
}

/** A custom size (docs/product.md: each side 64–4096) is made from the full-resolution result, as a preset is. */
export function chooseCustomSize(o: DownloadOptions, width: number, height: number): DownloadOptions {
  const sized: DownloadOptions = { ...withoutSize(o), resolution: "high", width, height };
  const next = formatAllowed(sized) ? sized : { ...sized, fileFormat: "png" as const }; // decision 236
  return roundAllowed(next) ? next : { ...next, shape: "square" };
}

/** A preset or a custom size only exists at high resolution, so choosing `web` clears it. */
export function chooseResolution(o: DownloadOptions, resolution: Resolution): DownloadOptions {
  return resolution === "web" ? { ...withoutSize(o), resolution } : { ...o, resolution };
}

export function chooseDpi(o: DownloadOptions, dpi: Dpi | undefined): DownloadOptions {
  const { dpi: _old, ...rest } = o;
  return dpi ? { ...rest, dpi } : rest;
}

/** The query of GET /api/headshots/{id}/download. Screen DPI and "no preset" are left out. */
export function downloadQueryParams(o: DownloadOptions) {
  return {
    resolution: o.resolution,
    shape: o.shape,
    fileFormat: o.fileFormat,
    ...(o.preset ? { preset: o.preset } : o.width && o.height ? { width: String(o.width), height: String(o.height) } : {}),
    ...(o.dpi ? { dpi: o.dpi } : {}),
    // the quick changes (issue 36), only those that change something
    ...(o.adjust && o.adjust.zoom !== ZOOM_MIN ? { zoom: String(o.adjust.zoom) } : {}),
    ...(o.adjust?.tilt ? { tilt: String(o.adjust.tilt) } : {}),
    ...(o.adjust?.panX ? { panX: String(o.adjust.panX) } : {}),
    ...(o.adjust?.panY ? { panY: String(o.adjust.panY) } : {}),
    ...(o.adjust?.background ? { background: o.adjust.background } : {}),
  };
}

/** The filename in a Content-Disposition header (RFC 6266 `filename*` preferred), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

/** The fallback filename (SPEC §9) from the headshot's style id. */
export function fallbackFilename(styleId: string, o: DownloadOptions, version?: number): string {
  return downloadFilename(styleSlug(styleId), o, version);
}

/** Output size in pixels for the preview caption, when known up front. */
export function outputSize(o: DownloadOptions): { width: number; height: number } | null {
  const p = PRESETS.find((x) => x.id === o.preset);
  if (p) return { width: p.width, height: p.height };
  if (o.width && o.height) return { width: o.width, height: o.height };
  return null;
}
