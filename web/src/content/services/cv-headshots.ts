import type { ServiceContent } from "./types";
import { CALLBACK_CLAIM, FREE_TRIES } from "./types";

const content: ServiceContent = {
  slug: "cv-headshots",
  title: "CV Headshots — professional photos for your résumé",
  description: "A professional CV photo from a single selfie. Neutral backgrounds, business attire and print-ready 300 dpi downloads.",
  eyebrow: "CV Headshots",
  headline: "A CV photo that helps you get the interview",
  lead: `Where a photo is expected on a CV, it is the first thing a hiring manager sees. ${CALLBACK_CLAIM} Make yours sharp, neutral and unmistakably professional.`,
  cta: "Create Your CV Headshot",
  heroStyles: ["Corporate", "Suit"],
  benefitsTitle: "Built for applications",
  benefits: [
    {
      title: "Print-ready at 300 dpi",
      text: "Download at 300 dpi for printed CVs and application folders, or at screen size for online portals.",
    },
    {
      title: "Neutral and timeless",
      text: "Corporate and white-background styles suit every industry and every country where a CV photo is customary.",
    },
    {
      title: "Consistent everywhere",
      text: "Use the same headshot on your CV, cover letter and job-board profiles for a coherent application.",
    },
  ],
  checklistTitle: "Your CV photo checklist",
  checklist: [
    "Neutral background that prints cleanly",
    "Business attire in the Corporate and Suit styles",
    "300 dpi download for print",
    "Square or passport-like head-and-shoulders framing",
    "Natural expression that still looks like you",
    "Ready before your next application deadline",
  ],
  closingTitle: "Apply with confidence",
  closingText: `Your experience deserves a first impression to match. Start with ${FREE_TRIES} after you verify your email.`,
  closingCta: "Get Started Now",
};

export default content;
