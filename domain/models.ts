/**
 * The image models the product knows, in one table: the worker's configuration (worker/config.ts) refuses
 * an unknown one and a chain with no live one, the generation asks for an output size it offers and records
 * the price of what came back, Monitoring and the daily cron warn ahead of an announced shutdown, the
 * fair-use caps are checked against the prices (domain/plans.test.ts), and the local stand-in
 * (dev/genai-standin.ts) serves generateContent, models.list and models.get for the ids this table holds as
 * live. The table is a copy of Google's pages and lags them: the daily cron and the deploy pipeline ask
 * Google's models.list which ids it still serves (worker/generation/model-list.ts, dev/check-models.ts), and a
 * 404 NOT_FOUND in production moves the generation to the next model of the configured chain (decision 290).
 *
 * Sources (read 5 Dec 2026 unless said; check them again before changing a row):
 * - Gemini API changelog, https://ai.google.dev/gemini-api/docs/changelog (the copy read carries entries up to
 *   27 Oct 2026): 6 Oct 2026 "Gemini Nano Banana 2.1 GA" (`gemini-nano-banana-2.1`, 1K, 2K and 4K) and
 *   "`gemini-3.1-flash-image` is deprecated (no shutdown date announced yet); migrate to
 *   gemini-nano-banana-2.1"; 28 May 2026 the GA gemini-3.1-flash-image and gemini-3-pro-image, the two 3.x
 *   image previews shut down on 25 June 2026.
 * - gemini-3.1-flash-image's shutdown, 29 Oct 2026: not on a Google page read (the changelog says none was
 *   announced); from LiteLLM's "Day 0 Support for Nano Banana 2.1" notice,
 *   https://github.com/BerriAI/litellm/discussions/44983 ("The Gemini API shuts down gemini-3.1-flash-image
 *   on October 29, 2026"). It is past (today is 5 Dec 2026), and a production model that serves the world
 *   answers 404 for it, which is how the product found out.
 * - Deprecations, https://ai.google.dev/gemini-api/docs/deprecations (an older copy, read 27 Nov 2026: it did
 *   not list the October change): gemini-2.5-flash-image shut down on 2 October 2026.
 * - Prices: Gemini Developer API pricing, https://ai.google.dev/gemini-api/docs/pricing (paid tier, standard,
 *   not batch; the copy read has no Nano Banana 2.1 row yet). Image output is billed per token by output size.
 *   Nano Banana 2.1: $30 per 1M image tokens, $0.0336 for a 1K image (1,120 tokens), text input $1.50 and
 *   text output $7.50 per 1M (LiteLLM's notice above, which took them from Google's launch). Its 2K and 4K
 *   token counts were found on no Google page: the table ASSUMES 3.1 Flash Image's 1,680 and 2,520 tokens
 *   ($0.0504 and $0.0756). A reseller's figures (fal.ai, "Nano Banana API: Pricing, Setup and Examples in
 *   2026": about $0.134 at 4K at its $35.29 per 1M) suggest 4K may count more; the product never asks for 4K.
 *   Nano Banana 2 Lite (gemini-3.1-flash-lite-image, GA 30 Jun 2026): 1K only ("2K and 4K are not supported",
 *   https://ai.google.dev/gemini-api/docs/models/gemini-3.1-flash-lite-image, "latest update June 2026"),
 *   $0.0336 per 1K image ($30 per 1M image tokens) and $0.25 per 1M input tokens (resellers' pages quoting
 *   Google's standard price: docs.laozhang.ai "Nano Banana 2 Lite", docs.apiyi.com launch note); its text
 *   output price was found nowhere: ASSUMED 3.1 Flash Image's $3 per 1M. 3.1 Flash Image at $60 per 1M image
 *   tokens (747 / 1,120 / 1,680 / 2,520 tokens: $0.045 at 512, $0.067 at 1K, $0.101 at 2K, $0.151 at 4K;
 *   read 27 Nov 2026), 3 Pro Image at $120 per 1M (1,120 tokens at 1K and 2K: $0.134; 2,000 at 4K: $0.24);
 *   2.5 Flash Image $0.039 (1,290 tokens at $30 per 1M). Input (text and images) and thinking tokens are
 *   billed on top.
 * - Output sizes (`imageConfig.imageSize`, uppercase K; 3.1 Flash also "512", Nano Banana 2.1 not):
 *   https://ai.google.dev/gemini-api/docs/image-generation
 *
 * Money here is US dollars, in thousandths of a dollar (mills), as Google publishes it; the business counts
 * euro cents, converted at EUR_PER_USD (docs/decisions/162-model-cost-in-euros.md).
 */

export type ImageSize = "512" | "1K" | "2K" | "4K";

/** Pixels on the long side for each `imageSize` (the short side follows the aspect ratio). */
export const IMAGE_SIZE_PIXELS: Record<ImageSize, number> = { "512": 512, "1K": 1024, "2K": 2048, "4K": 4096 };

export interface ImageModel {
  id: string;
  name: string;
  /** The day Google announced the deprecation (UTC, YYYY-MM-DD), or null: a deprecated model is never a default. */
  deprecated: string | null;
  /** The shutdown day (UTC, YYYY-MM-DD), announced or reported (the sources above), or null when none is known. */
  shutdown: string | null;
  /** What Google recommends instead (named by the configuration error once it is shut down). */
  replacement: string | null;
  /** Price per output image by size, in USD mills ($0.001); the sizes the model offers. */
  imageMills: Partial<Record<ImageSize, number>>;
  /** Input tokens (prompt text and reference images), USD per 1M. */
  inputUsdPerMTokens: number;
  /** Text and thinking output tokens, USD per 1M (the image tokens are in `imageMills`). */
  textOutputUsdPerMTokens: number;
}

export const IMAGE_MODELS = [
  {
    id: "gemini-nano-banana-2.1",
    name: "Gemini Nano Banana 2.1",
    deprecated: null,
    shutdown: null,
    replacement: null,
    imageMills: { "1K": 33.6, "2K": 50.4, "4K": 75.6 },
    inputUsdPerMTokens: 1.5,
    textOutputUsdPerMTokens: 7.5,
  },
  {
    id: "gemini-3.1-flash-lite-image",
    name: "Gemini 3.1 Flash Lite Image (Nano Banana 2 Lite)",
    deprecated: null,
    shutdown: null,
    replacement: null,
    imageMills: { "1K": 33.6 },
    inputUsdPerMTokens: 0.25,
    textOutputUsdPerMTokens: 3,
  },
  {
    id: "gemini-3-pro-image",
    name: "Gemini 3 Pro Image",
    deprecated: null,
    shutdown: null,
    replacement: null,
    imageMills: { "1K": 134, "2K": 134, "4K": 240 },
    inputUsdPerMTokens: 2,
    textOutputUsdPerMTokens: 12,
  },
  {
    id: "gemini-3.1-flash-image",
    name: "Gemini 3.1 Flash Image",
    deprecated: "2026-10-06",
    shutdown: "2026-10-29",
    replacement: "gemini-nano-banana-2.1",
    imageMills: { "512": 45, "1K": 67, "2K": 101, "4K": 151 },
    inputUsdPerMTokens: 0.5,
    textOutputUsdPerMTokens: 3,
  },
  {
    id: "gemini-3.1-flash-image-preview",
    name: "Gemini 3.1 Flash Image (preview)",
    deprecated: "2026-05-28",
    shutdown: "2026-06-25",
    replacement: "gemini-3.1-flash-image",
    imageMills: { "512": 45, "1K": 67, "2K": 101, "4K": 151 },
    inputUsdPerMTokens: 0.5,
    textOutputUsdPerMTokens: 3,
  },
  {
    id: "gemini-3-pro-image-preview",
    name: "Gemini 3 Pro Image (preview)",
    deprecated: "2026-05-28",
    shutdown: "2026-06-25",
    replacement: "gemini-3-pro-image",
    imageMills: { "1K": 134, "2K": 134, "4K": 240 },
    inputUsdPerMTokens: 2,
    textOutputUsdPerMTokens: 12,
  },
  {
    id: "gemini-2.5-flash-image",
    name: "Gemini 2.5 Flash Image",
    deprecated: null,
    shutdown: "2026-10-02",
    replacement: "gemini-3.1-flash-image",
    imageMills: { "1K": 39 },
    inputUsdPerMTokens: 0.3,
    textOutputUsdPerMTokens: 2.5,
  },
] as const satisfies readonly ImageModel[];

export type ImageModelId = (typeof IMAGE_MODELS)[number]["id"];

export const DEFAULT_IMAGE_MODEL: ImageModelId = "gemini-nano-banana-2.1";

/** Free generations are made at 1K (and watermarked); subscribers' and team members' at 2K, for real high-resolution downloads. */
export const FREE_IMAGE_SIZE: ImageSize = "1K";
export const PAID_IMAGE_SIZE: ImageSize = "2K";

/**
 * Euros per US dollar for turning Google's prices into the business's euro cents: a little above the
 * 2025–26 range (0.85–0.93), so a cost is never understated (decision 162).
 */
export const EUR_PER_USD = 0.95;

/** Monitoring and the operator's email warn this many days before an announced shutdown. */
export const SHUTDOWN_WARNING_DAYS = 30;

/**
 * A model id as the configuration may give it: the table's id, optionally followed by `--` and the local
 * stand-in's test hooks (e.g. `gemini-nano-banana-2.1--standin-fail-2-1a2b`; never in production).
 */
export function splitModelId(configured: string): { base: string; hooks: string | null } {
  const at = configured.indexOf("--");
  return at < 0 ? { base: configured, hooks: null } : { base: configured.slice(0, at), hooks: configured.slice(at + 2) };
}

export function imageModel(configured: string): ImageModel | undefined {
  const { base } = splitModelId(configured);
  return (IMAGE_MODELS as readonly ImageModel[]).find((m) => m.id === base);
}

const DAY_MS = 86_400_000;
const shutdownTime = (m: ImageModel) => (m.shutdown ? Date.parse(`${m.shutdown}T00:00:00Z`) : null);

/** Whether the model is turned off at `now` (from the first instant of its shutdown day, UTC). */
export function isShutDown(m: ImageModel, now: Date): boolean {
  const t = shutdownTime(m);
  return t !== null && now.getTime() >= t;
}

/**
 * What to use instead of a model at `now`: its replacement, and that one's while it is shut down too (the
 * 2.5 Flash Image row names 3.1 Flash Image, itself replaced by Nano Banana 2.1), else the default.
 */
export function successor(m: ImageModel, now: Date): string {
  let next = m.replacement ? imageModel(m.replacement) : undefined;
  for (let hops = 0; next && isShutDown(next, now) && hops < IMAGE_MODELS.length; hops++)
    next = next.replacement ? imageModel(next.replacement) : undefined;
  return next && !isShutDown(next, now) ? next.id : DEFAULT_IMAGE_MODEL;
}

/** Whole days until the shutdown when it is within SHUTDOWN_WARNING_DAYS (0 on the day before), else null. */
export function daysToShutdown(m: ImageModel, now: Date): number | null {
  const t = shutdownTime(m);
  if (t === null || now.getTime() >= t || t - now.getTime() > SHUTDOWN_WARNING_DAYS * DAY_MS) return null;
  return Math.floor((t - now.getTime()) / DAY_MS);
}

/** The usage Google reports for one call (`usageMetadata`), the parts that are billed beside the image. */
export interface ModelUsage {
  promptTokenCount?: number;
  thoughtsTokenCount?: number;
}

/**
 * What one image costs, in USD mills (fractional): the table's price for its size, plus the input and
 * thinking tokens when the answer reported them. Throws for a size the model does not offer.
 */
export function imageCostMills(m: ImageModel, size: ImageSize, usage?: ModelUsage): number {
  const image = m.imageMills[size];
  if (image === undefined) throw new Error(`${m.id} offers no ${size} output`);
  const tokens =
    ((usage?.promptTokenCount ?? 0) * m.inputUsdPerMTokens + (usage?.thoughtsTokenCount ?? 0) * m.textOutputUsdPerMTokens) / 1000;
  return image + tokens;
}

/** USD mills in euro cents, to the nearest cent (the headshots' `cost_cents`). */
export const millsToEuroCents = (mills: number): number => Math.round((mills / 10) * EUR_PER_USD);
