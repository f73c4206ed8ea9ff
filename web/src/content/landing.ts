/**
 * Copy for the landing page (SPEC §1, §2): claims, the three steps and the 4-question FAQ (testimonials are
 * people's own, from the database), in the page's language (copy/messages/public): functions, so each call
 * reads the locale being rendered. Figures come from domain/ as placeholders.
 */
import { ESTIMATED_SECONDS, MAX_UPLOAD_MB } from "../../../domain/limits";
import { STYLES } from "../../../domain/styles";
import { MONEY_BACK_DAYS } from "../../../domain/plans";
import { m } from "@/lib/copy";
import { fairUseAllPlans } from "@/shared/billing/plan-words";
import { freeCount } from "./site";

/**
 * The numbers strip. `live` claims come from the database: the page is built with them hidden and the
 * worker fills them in (worker/landing/serve.ts; issue 26: claim only what is true). `id` keys the list.
 */
export const claims = (): readonly { id: string; value: string; label: string; live?: "headshots" | "rating" }[] => [
  { id: "headshots", value: "", label: m.public_claim_headshots(), live: "headshots" },
  { id: "rating", value: "", label: m.public_claim_rating(), live: "rating" },
  { id: "instant", value: m.public_claim_instant_value(), label: m.public_claim_instant_label() },
];

export const steps = () =>
  [
    { title: m.public_step_upload_title(), text: m.public_step_upload_text({ mb: MAX_UPLOAD_MB }) },
    { title: m.public_step_style_title(), text: m.public_step_style_text({ styles: STYLES.length }) },
    { title: m.public_step_download_title(), text: m.public_step_download_text() },
  ] as const;

export const faq = () =>
  [
    {
      question: m.public_faq_how_question(),
      answer: m.public_faq_how_answer({ styles: STYLES.length, seconds: ESTIMATED_SECONDS }),
    },
    {
      question: m.public_faq_free_question(),
      answer: m.public_faq_free_answer({ freeCount: freeCount(), fairUse: fairUseAllPlans(), styles: STYLES.length }),
    },
    { question: m.public_faq_photos_question(), answer: m.public_faq_photos_answer() },
    { question: m.public_faq_cancel_question(), answer: m.public_faq_cancel_answer({ days: MONEY_BACK_DAYS }) },
  ] as const;
