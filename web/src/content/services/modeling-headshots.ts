import type { ServiceContent } from "./types";
import { FREE_TRIES_CAPITALIZED } from "./types";

const content: ServiceContent = {
  slug: "modeling-headshots",
  title: "Modeling Headshots — AI photos for comp cards and portfolios",
  description:
    "Clean, agency-ready modeling headshots for comp cards and portfolios. Natural looks on white and black backgrounds, in high resolution.",
  eyebrow: "Modeling Headshots",
  headline: "Agency-ready shots for your comp cards and portfolio",
  lead: "Agencies want to see you, not the make-up artist. Get clean, natural headshots that slot straight into your comp cards and portfolios while you book the next test shoot.",
  cta: "Create Your Modeling Headshot",
  heroStyles: ["White Background", "Black Background"],
  benefitsTitle: "Made for scouts and agencies",
  benefits: [
    {
      title: "Comp-card friendly",
      text: "High-resolution, evenly lit headshots that sit cleanly beside your full-length shots on comp cards.",
    },
    {
      title: "Portfolios that stay current",
      text: "Refresh your portfolios whenever your look changes, without waiting for the next shoot.",
    },
    { title: "Simple backgrounds", text: "White and black backgrounds keep the focus on your face and structure, as agencies prefer." },
  ],
  checklistTitle: "What agencies look for",
  checklist: [
    "Natural, minimal styling",
    "White and black studio backgrounds",
    "High-resolution files for comp cards and portfolios",
    "Clear view of your face and bone structure",
    "Square and portrait-friendly crops",
    "New digitals whenever your look changes",
  ],
  closingTitle: "Keep your book up to date",
  closingText: `Send agencies a current look this week. ${FREE_TRIES_CAPITALIZED} once your email is verified.`,
  closingCta: "Get Started Now",
};

export default content;
