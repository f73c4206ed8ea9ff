import type { ServiceContent } from "./types";
import { FREE_TRIES_CAPITALIZED } from "./types";

const content: ServiceContent = {
  slug: "work-headshots",
  title: "Work Headshots — profile photos for Slack, Teams and email signatures",
  description:
    "A friendly, professional work photo for Slack, Teams and email signatures. Sized for every workplace tool, ready in seconds.",
  eyebrow: "Work Headshots",
  headline: "One great photo for Slack, Teams and your email signature",
  lead: "Remote and hybrid teams meet each other through avatars. Replace the default initials with a friendly headshot your colleagues recognise in every channel.",
  cta: "Create Your Work Headshot",
  heroStyles: ["Casual Selfie", "Blazer"],
  benefitsTitle: "Recognisable in every tool",
  benefits: [
    { title: "Slack and Teams", text: "Square, high-contrast avatars that stay clear in busy channels, threads and video-call tiles." },
    { title: "Email signatures", text: "An email-signature size preset gives you a small, sharp photo that keeps messages light." },
    { title: "Friendly by default", text: "Casual Selfie and Blazer styles look relaxed and approachable — right for everyday work." },
  ],
  checklistTitle: "Set up in a minute",
  checklist: [
    "Avatar for Slack",
    "Profile photo for Microsoft Teams",
    "Small photo for email signatures",
    "Round crop preview before you download",
    "Relaxed and smart-casual styles",
    "The same face in every tool your team uses",
  ],
  closingTitle: "Swap your initials for a face",
  closingText: `Help new colleagues put a face to your name. ${FREE_TRIES_CAPITALIZED} after you verify your email.`,
  closingCta: "Get Started Now",
};

export default content;
