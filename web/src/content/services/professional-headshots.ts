import type { ServiceContent } from "./types";
import { FREE_TRIES, STYLE_COUNT } from "./types";
import { FAIR_USE_ALL_PLANS } from "../../../../domain/plans";

const content: ServiceContent = {
  slug: "professional-headshots",
  title: "Professional Headshots — studio quality from one photo",
  description: `Studio-quality professional headshots for doctors, lawyers, consultants and every professional. ${STYLE_COUNT} styles, instant results.`,
  eyebrow: "Professional Headshots",
  headline: "Studio-quality headshots without the studio",
  lead: "Doctors, lawyers, consultants and coaches are chosen on trust. A professional headshot on your website and directory listings shows clients you take the details seriously.",
  cta: "Create Your Professional Headshot",
  heroStyles: ["Corporate", "Office"],
  benefitsTitle: "Trusted by people whose clients choose them",
  benefits: [
    {
      title: "For every profession",
      text: "Clinic websites, law-firm bios, consultancy proposals and directory listings: one headshot works everywhere.",
    },
    {
      title: "Ten studio styles",
      text: "From a classic Corporate portrait to a warm Office setting, pick the tone that fits your practice.",
    },
    {
      title: "Ready in seconds",
      text: "No scheduling, no travel, no retakes. Upload a photo at lunch and update your bio before your next meeting.",
    },
  ],
  checklistTitle: "What makes it professional",
  checklist: [
    "Even, flattering studio light",
    "Attire suited to your profession",
    "Backgrounds that never distract",
    "High-resolution downloads for print and web",
    "A look that inspires trust",
    `Unlimited generations with a subscription (${FAIR_USE_ALL_PLANS})`,
  ],
  closingTitle: "Look as professional as your work",
  closingText: `Start with ${FREE_TRIES} after verifying your email, and upgrade only if you want more.`,
  closingCta: "Get Started Now",
};

export default content;
