import type { ServiceContent } from "./types";
import { FREE_TRIES_CAPITALIZED } from "./types";

const content: ServiceContent = {
  slug: "linkedin-headshots",
  title: "LinkedIn Headshots — AI profile photos that get noticed",
  description:
    "Create a polished LinkedIn profile photo from one selfie. 10 studio styles, square crops sized for LinkedIn, ready in seconds.",
  eyebrow: "LinkedIn Headshots",
  headline: "A LinkedIn photo that makes people click “Connect”",
  lead: "Recruiters and clients meet your photo before they read a word. Turn one selfie into a crisp, friendly profile picture that looks like you on your best day.",
  cta: "Create Your LinkedIn Headshot",
  heroStyles: ["LinkedIn", "Corporate"],
  benefitsTitle: "Why it works on LinkedIn",
  benefits: [
    {
      title: "Framed for the circle",
      text: "Head-and-shoulders composition that stays centred in LinkedIn’s round crop, with a square download ready to upload.",
    },
    {
      title: "Approachable, not stiff",
      text: "The LinkedIn style keeps a natural expression and soft light, so you look confident and easy to talk to.",
    },
    {
      title: "Matches your banner",
      text: "Download a matching LinkedIn banner size from the same result, so your whole profile looks considered.",
    },
  ],
  checklistTitle: "Your LinkedIn photo, checked",
  checklist: [
    "Face fills about 60% of the frame",
    "Clean, uncluttered background",
    "Square PNG or WebP at high resolution",
    "Round crop preview before you download",
    "Business or smart-casual attire",
    "Consistent look across every profile you keep",
  ],
  closingTitle: "Update your profile today",
  closingText: `Your next opportunity may already be looking at your profile. ${FREE_TRIES_CAPITALIZED} once you verify your email.`,
  closingCta: "Get Started Now",
};

export default content;
