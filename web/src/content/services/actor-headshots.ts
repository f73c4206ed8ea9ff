import type { ServiceContent } from "./types";
import { CALLBACK_CLAIM } from "./types";

const content: ServiceContent = {
  slug: "actor-headshots",
  title: "Actor Headshots — AI headshots for auditions and casting",
  description:
    "Casting-ready actor headshots with 8x10 composition, natural light and true-to-life looks. Build a headshot set for every role type.",
  eyebrow: "Actor Headshots",
  headline: "Headshots that get you in the room",
  lead: `Casting directors look at hundreds of faces a day. ${CALLBACK_CLAIM} Give yours a clean, honest headshot that shows exactly who walks through the door.`,
  cta: "Create Your Actor Headshot",
  heroStyles: ["Black Background", "Casual Selfie"],
  benefitsTitle: "What casting needs to see",
  benefits: [
    { title: "8x10 composition", text: "Framed for the industry-standard 8x10 print, with room for your name and agency details below." },
    {
      title: "Commercial and theatrical looks",
      text: "Bright, friendly Casual Selfie shots for commercials; dramatic Black Background portraits for theatrical and film.",
    },
    {
      title: "Looks like you",
      text: "The styles keep your features, hair and expression, because a headshot that surprises a casting director costs you the role.",
    },
  ],
  checklistTitle: "Your audition kit",
  checklist: [
    "8x10 composition for prints and submissions",
    "Commercial and theatrical looks from one photo",
    "High-resolution downloads for casting platforms",
    "Eyes sharp and in focus",
    "Neutral and dramatic backgrounds",
    "A fresh look whenever your hair or style changes",
  ],
  closingTitle: "Your next audition starts with a headshot",
  closingText: "Update your casting profiles today, and keep a new look ready for every role type.",
  closingCta: "Try AI Headshots Now",
};

export default content;
