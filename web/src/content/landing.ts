/** Copy for the landing page (SPEC §1, §2): claims, the three steps and the 4-question FAQ (testimonials are people's own, from the database). */
import { ESTIMATED_SECONDS, FREE_GENERATIONS, MAX_UPLOAD_MB } from "../../../domain/limits";
import { STYLES } from "../../../domain/styles";
import { FAIR_USE_ALL_PLANS, MONEY_BACK_DAYS } from "../../../domain/plans";

/**
 * The numbers strip. `live` claims come from the database: the page is built with them hidden and the
 * worker fills them in (worker/landing/serve.ts; issue 26: claim only what is true).
 */
export const CLAIMS: readonly { value: string; label: string; live?: "headshots" | "rating" }[] = [
  { value: "", label: "headshots generated", live: "headshots" },
  { value: "", label: "rating", live: "rating" },
  { value: "Instant", label: "processing" },
];

export const STEPS = [
  {
    title: "Upload photo",
    text: `A clear, front-facing photo works best. JPG, PNG or WebP up to ${MAX_UPLOAD_MB} MB.`,
  },
  { title: "Choose style", text: `Pick one of ${STYLES.length} AI styles, from crisp Corporate to a relaxed Casual Selfie.` },
  { title: "Download", text: "Square or round, PNG, WebP or TIFF, sized for LinkedIn, your CV or your email signature." },
] as const;

export const FAQ = [
  {
    question: "How does the AI headshot generator work?",
    answer: `Upload one clear photo of yourself, choose a gender and one of ${STYLES.length} styles, and our image-generation AI renders a professional headshot that keeps your features. It takes about ${ESTIMATED_SECONDS} seconds. Every picture carries Content Credentials saying it was made with AI (checkable at contentcredentials.org/verify); they contain no name, email address or location.`,
  },
  {
    question: "Is it free to try?",
    answer: `Yes. Once you verify your email address you get ${FREE_GENERATIONS} free generations, with a watermark. A weekly, monthly or yearly subscription unlocks unlimited generations (${FAIR_USE_ALL_PLANS}) without a watermark, high-resolution downloads and all ${STYLES.length} styles.`,
  },
  {
    question: "What happens to my photos?",
    answer:
      "Your photos are stored encrypted and kept for the duration of your active subscription. You can delete your account from your account settings, or ask us by email, and your photos are deleted with it.",
  },
  {
    question: "Can I cancel my subscription?",
    answer: `Yes, at any time from your account settings. You keep access until the end of the period you paid for. New subscriptions come with a ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  },
] as const;
