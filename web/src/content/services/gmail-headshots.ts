import type { ServiceContent } from "./types";

const content: ServiceContent = {
  slug: "gmail-headshots",
  title: "Gmail Headshots — a professional photo for your Google account",
  description: "Give every email you send a friendly, professional face. AI headshots sized for Gmail and Google Workspace profile photos.",
  eyebrow: "Gmail Headshots",
  headline: "Put a trustworthy face on every email you send",
  lead: "Your Google profile photo appears in inboxes, calendar invites and Meet calls. Make it a clear, professional headshot instead of a blurry holiday crop.",
  cta: "Create Your Gmail Headshot",
  heroStyles: ["White Background", "Business"],
  benefitsTitle: "Made for small circles",
  benefits: [
    {
      title: "Readable at 40 pixels",
      text: "A simple background and strong contrast keep your face recognisable in the tiny avatar beside your name.",
    },
    {
      title: "One photo, every Google app",
      text: "The same picture shows in Gmail, Calendar, Meet and Docs comments once you set it in your Google account.",
    },
    {
      title: "Trust at first glance",
      text: "A real face beside a message helps it feel personal and makes it less likely to be mistaken for spam.",
    },
  ],
  checklistTitle: "What you get",
  checklist: [
    "Square image sized for a Google profile",
    "Round crop preview, exactly as Gmail shows it",
    "White or neutral backgrounds that stay clean when small",
    "Email signature size preset",
    "PNG, WebP or TIFF downloads",
    "Ready in seconds, no photo shoot",
  ],
  closingTitle: "Make your inbox presence professional",
  closingText: "Upload one photo, choose a style, and set your new picture in your Google account in under a minute.",
  closingCta: "Get Started Now",
};

export default content;
