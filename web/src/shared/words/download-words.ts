/**
 * The download options' words in the reader's language (issue 50): the presets' names and uses, and why a size
 * or format is not offered. The rules and their numbers stay in domain/downloads.ts; this maps its answers to
 * the catalogue, so the web and the worker keep one rule.
 */
import { formatNumber, getLocale, m } from "@/lib/copy";
import {
  CUSTOM_MAX_PIXELS,
  CUSTOM_SIZE_MAX,
  CUSTOM_SIZE_MIN,
  CUSTOM_WEBP_FORMATS,
  PRINT_FORMATS,
  customSizeProblem,
  formatProblem,
  type PresetId,
} from "@/lib/domain";

const PRESET_WORDS: Record<PresetId, { name: () => string; use: () => string }> = {
  "instagram-square": { name: m.generator_preset_instagram_square_name, use: m.generator_preset_instagram_square_use },
  "facebook-profile": { name: m.generator_preset_facebook_profile_name, use: m.generator_preset_facebook_profile_use },
  "twitter-profile": { name: m.generator_preset_twitter_profile_name, use: m.generator_preset_twitter_profile_use },
  "linkedin-banner": { name: m.generator_preset_linkedin_banner_name, use: m.generator_preset_linkedin_banner_use },
  "twitter-banner": { name: m.generator_preset_twitter_banner_name, use: m.generator_preset_twitter_banner_use },
  "email-signature": { name: m.generator_preset_email_signature_name, use: m.generator_preset_email_signature_use },
  "print-8x10": { name: m.generator_preset_print_8x10_name, use: m.generator_preset_print_8x10_use },
};

export const presetName = (id: PresetId): string => PRESET_WORDS[id].name();
export const presetUse = (id: PresetId): string => PRESET_WORDS[id].use();

/** Why a custom width × height cannot be made, or null (domain's `customSizeProblem`). */
export function customSizeWords(width: number, height: number): string | null {
  const problem = customSizeProblem(width, height);
  if (!problem) return null;
  if (Number.isInteger(width) && Number.isInteger(height) && [width, height].every((n) => n >= CUSTOM_SIZE_MIN && n <= CUSTOM_SIZE_MAX)) {
    return m.generator_download_pixels_problem({ max: formatNumber(CUSTOM_MAX_PIXELS, getLocale()) });
  }
  return m.generator_download_side_problem({ min: CUSTOM_SIZE_MIN, max: CUSTOM_SIZE_MAX });
}

/** Why a format is not offered, or null (domain's `formatProblem`). */
export function formatProblemWords(o: Parameters<typeof formatProblem>[0]): string | null {
  const problem = formatProblem(o);
  if (problem === PRINT_FORMATS) return m.generator_download_print_formats();
  if (problem === CUSTOM_WEBP_FORMATS) return m.generator_download_custom_webp();
  return problem;
}
