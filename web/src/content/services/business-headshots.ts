import { TEAM_SEAT_PRICE, type ServiceContent } from "./types";

const content: ServiceContent = {
  slug: "business-headshots",
  title: "Business Headshots — executive and team photos with brand consistency",
  description:
    "Professional business headshots for executives and teams. One consistent style across your website, pitch decks and press kit.",
  eyebrow: "Business Headshots",
  headline: "Headshots for executives, teams and every page of your brand",
  lead: "From the founder’s press photo to the newest hire on the team page, give everyone the same polished look — without booking a photographer for every start date.",
  cta: "Create Your Business Headshot",
  heroStyles: ["Business", "Suit"],
  benefitsTitle: "One look for the whole company",
  benefits: [
    {
      title: "Executives",
      text: "Authoritative Suit and Corporate portraits for leadership pages, investor decks, speaker bios and press kits.",
    },
    {
      title: "Teams",
      text: "Each team member uploads a photo and picks the company’s chosen style: new joiners match everyone else on day one.",
    },
    {
      title: "Brand consistency",
      text: "The same background, light and framing across every headshot, so your team page looks like one shoot.",
    },
  ],
  checklistTitle: "Ready for business",
  checklist: [
    "Leadership portraits for executives",
    "Matching headshots for whole teams",
    "Brand consistency across website, decks and press",
    "Office, Business and Corporate styles",
    "Commercial use of every result",
    "No studio booking, no scheduling",
  ],
  closingTitle: "Give your team a unified look",
  closingText: `With the Team plan (${TEAM_SEAT_PRICE} per seat a month) you pick one style and one background colour for the company and invite everyone by email. Each person gets a matching headshot in seconds, and you get the whole team's photos in one place.`,
  closingCta: "Get Started Now",
};

export default content;
