/**
 * The styles' and genders' names and descriptions as people read them, in their language (issue 50). The ids and
 * slugs stay in domain/styles.ts (they are stored, sent to the server and used in file names); the words come from
 * the catalogue (`generator_style_<slug>_name`). An id the catalogue does not know (an old row) is shown as stored.
 */
import { m } from "@/lib/copy";
import { styleById, type Gender, type StyleSlug } from "@/lib/domain";

const STYLE_WORDS: Record<StyleSlug, { name: () => string; description: () => string }> = {
  linkedin: { name: m.generator_style_linkedin_name, description: m.generator_style_linkedin_description },
  corporate: { name: m.generator_style_corporate_name, description: m.generator_style_corporate_description },
  blazer: { name: m.generator_style_blazer_name, description: m.generator_style_blazer_description },
  suit: { name: m.generator_style_suit_name, description: m.generator_style_suit_description },
  business: { name: m.generator_style_business_name, description: m.generator_style_business_description },
  "white-background": {
    name: m.generator_style_white_background_name,
    description: m.generator_style_white_background_description,
  },
  "black-background": {
    name: m.generator_style_black_background_name,
    description: m.generator_style_black_background_description,
  },
  speaker: { name: m.generator_style_speaker_name, description: m.generator_style_speaker_description },
  "casual-selfie": { name: m.generator_style_casual_selfie_name, description: m.generator_style_casual_selfie_description },
  office: { name: m.generator_style_office_name, description: m.generator_style_office_description },
};

/** "Suit" → "Anzug" in German; an unknown id as it is. */
export function styleName(id: string): string {
  const style = styleById(id);
  return style ? STYLE_WORDS[style.slug].name() : id;
}

export function styleDescription(id: string): string {
  const style = styleById(id);
  return style ? STYLE_WORDS[style.slug].description() : "";
}

const GENDER_WORDS: Record<Gender, { name: () => string; description: () => string }> = {
  man: { name: m.generator_gender_man_name, description: m.generator_gender_man_description },
  woman: { name: m.generator_gender_woman_name, description: m.generator_gender_woman_description },
};

export const genderName = (g: Gender): string => GENDER_WORDS[g].name();
export const genderDescription = (g: Gender): string => GENDER_WORDS[g].description();
