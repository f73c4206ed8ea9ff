/** Copy for the landing page (SPEC §1, §2): claims, the three steps, testimonials and the 4-question FAQ. */
import { FREE_GENERATIONS, MAX_UPLOAD_BYTES } from "../../../domain/limits";
import { MONEY_BACK_DAYS } from "../../../domain/plans";

export const CLAIMS = [
  { value: "50K+", label: "headshots generated" },
  { value: "4.9/5", label: "rating" },
  { value: "Instant", label: "processing" },
] as const;

export const STEPS = [
  {
    title: "Upload photo",
    text: `A clear, front-facing photo works best. JPG, PNG or WebP up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  },
  { title: "Choose style", text: "Pick one of 10 AI styles, from crisp Corporate to a relaxed Casual Selfie." },
  { title: "Download", text: "Square or round, PNG, WebP or TIFF, sized for LinkedIn, your CV or your email signature." },
] as const;

export const TESTIMONIALS = [
  {
    quote: "I needed a LinkedIn photo before a job fair the next morning. Ten minutes later I had three I liked and a new profile picture.",
    name: "Sofia M.",
    role: "Product designer, Lisbon",
  },
  {
    quote: "We gave the whole team the Office style. Our About page finally looks like one company instead of twelve holiday snaps.",
    name: "Jonas K.",
    role: "Co-founder, Berlin",
  },
  {
    quote: "The Black Background look is now on my casting profile. It still looks like me — just better lit than any selfie I’ve taken.",
    name: "Amelie R.",
    role: "Actor, Vienna",
  },
] as const;

export const FAQ = [
  {
    question: "How does the AI headshot generator work?",
    answer:
      "Upload one clear photo of yourself, choose a gender and one of 10 styles, and our image-generation AI renders a professional headshot that keeps your features. It takes about 15 seconds.",
  },
  {
    question: "Is it free to try?",
    answer: `Yes. Once you verify your email address you get ${FREE_GENERATIONS} free generations, with a watermark. A weekly, monthly or yearly subscription unlocks unlimited generations without a watermark, high-resolution downloads and all 10 styles.`,
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
