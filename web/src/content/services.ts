/**
 * Copy for the nine audience pages (SPEC §2). Each page: a hero, three benefit cards, a six-item checklist
 * and a closing call to action. Every button on these pages goes to /api/auth/login (the server sends a
 * signed-in visitor to the dashboard and anyone else to /auth).
 */
import type { ServiceSlug } from "@/lib/paths";
import type { StyleId } from "@/lib/domain";

export interface ServiceContent {
  slug: ServiceSlug;
  /** <title> and meta description. */
  title: string;
  description: string;
  eyebrow: string;
  headline: string;
  lead: string;
  cta: string;
  /** Two styles shown beside the hero, first as a woman, second as a man. */
  heroStyles: readonly [StyleId, StyleId];
  benefitsTitle: string;
  benefits: readonly { title: string; text: string }[];
  checklistTitle: string;
  checklist: readonly string[];
  closingTitle: string;
  closingText: string;
  closingCta: string;
}

/** SPEC §2's marketing claim, said once and reused. */
export const CALLBACK_CLAIM = "A professional headshot can raise callback rates by up to 40%.";

export const SERVICE_CONTENT: Record<ServiceSlug, ServiceContent> = {
  "linkedin-headshots": {
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
      { title: "Framed for the circle", text: "Head-and-shoulders composition that stays centred in LinkedIn’s round crop, with a square download ready to upload." },
      { title: "Approachable, not stiff", text: "The LinkedIn style keeps a natural expression and soft light, so you look confident and easy to talk to." },
      { title: "Matches your banner", text: "Download a matching LinkedIn banner size from the same result, so your whole profile looks considered." },
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
    closingText: "Your next opportunity may already be looking at your profile. Two free generations once you verify your email.",
    closingCta: "Get Started Now",
  },
  "gmail-headshots": {
    slug: "gmail-headshots",
    title: "Gmail Headshots — a professional photo for your Google account",
    description:
      "Give every email you send a friendly, professional face. AI headshots sized for Gmail and Google Workspace profile photos.",
    eyebrow: "Gmail Headshots",
    headline: "Put a trustworthy face on every email you send",
    lead: "Your Google profile photo appears in inboxes, calendar invites and Meet calls. Make it a clear, professional headshot instead of a blurry holiday crop.",
    cta: "Create Your Gmail Headshot",
    heroStyles: ["White Background", "Business"],
    benefitsTitle: "Made for small circles",
    benefits: [
      { title: "Readable at 40 pixels", text: "A simple background and strong contrast keep your face recognisable in the tiny avatar beside your name." },
      { title: "One photo, every Google app", text: "The same picture shows in Gmail, Calendar, Meet and Docs comments once you set it in your Google account." },
      { title: "Trust at first glance", text: "A real face beside a message helps it feel personal and makes it less likely to be mistaken for spam." },
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
  },
  "cv-headshots": {
    slug: "cv-headshots",
    title: "CV Headshots — professional photos for your résumé",
    description:
      "A professional CV photo from a single selfie. Neutral backgrounds, business attire and print-ready 300 dpi downloads.",
    eyebrow: "CV Headshots",
    headline: "A CV photo that helps you get the interview",
    lead: `Where a photo is expected on a CV, it is the first thing a hiring manager sees. ${CALLBACK_CLAIM} Make yours sharp, neutral and unmistakably professional.`,
    cta: "Create Your CV Headshot",
    heroStyles: ["Corporate", "Suit"],
    benefitsTitle: "Built for applications",
    benefits: [
      { title: "Print-ready at 300 dpi", text: "Download at 300 dpi for printed CVs and application folders, or at screen size for online portals." },
      { title: "Neutral and timeless", text: "Corporate and white-background styles suit every industry and every country where a CV photo is customary." },
      { title: "Consistent everywhere", text: "Use the same headshot on your CV, cover letter and job-board profiles for a coherent application." },
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
    closingText: "Your experience deserves a first impression to match. Start with two free generations after you verify your email.",
    closingCta: "Get Started Now",
  },
  "actor-headshots": {
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
      { title: "Commercial and theatrical looks", text: "Bright, friendly Casual Selfie shots for commercials; dramatic Black Background portraits for theatrical and film." },
      { title: "Looks like you", text: "The styles keep your features, hair and expression, because a headshot that surprises a casting director costs you the role." },
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
  },
  "modeling-headshots": {
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
      { title: "Comp-card friendly", text: "High-resolution, evenly lit headshots that sit cleanly beside your full-length shots on comp cards." },
      { title: "Portfolios that stay current", text: "Refresh your portfolios whenever your look changes, without waiting for the next shoot." },
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
    closingText: "Send agencies a current look this week. Two free generations once your email is verified.",
    closingCta: "Get Started Now",
  },
  "business-headshots": {
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
      { title: "Executives", text: "Authoritative Suit and Corporate portraits for leadership pages, investor decks, speaker bios and press kits." },
      { title: "Teams", text: "Each team member uploads a photo and picks the company’s chosen style: new joiners match everyone else on day one." },
      { title: "Brand consistency", text: "The same background, light and framing across every headshot, so your team page looks like one shoot." },
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
    closingText: "Pick one style for the company and ask everyone to use it. Each person gets a matching headshot in seconds.",
    closingCta: "Get Started Now",
  },
  "professional-headshots": {
    slug: "professional-headshots",
    title: "Professional Headshots — studio quality from one photo",
    description:
      "Studio-quality professional headshots for doctors, lawyers, consultants and every professional. 10 styles, instant results.",
    eyebrow: "Professional Headshots",
    headline: "Studio-quality headshots without the studio",
    lead: "Doctors, lawyers, consultants and coaches are chosen on trust. A professional headshot on your website and directory listings shows clients you take the details seriously.",
    cta: "Create Your Professional Headshot",
    heroStyles: ["Corporate", "Office"],
    benefitsTitle: "Trusted by people whose clients choose them",
    benefits: [
      { title: "For every profession", text: "Clinic websites, law-firm bios, consultancy proposals and directory listings: one headshot works everywhere." },
      { title: "Ten studio styles", text: "From a classic Corporate portrait to a warm Office setting, pick the tone that fits your practice." },
      { title: "Ready in seconds", text: "No scheduling, no travel, no retakes. Upload a photo at lunch and update your bio before your next meeting." },
    ],
    checklistTitle: "What makes it professional",
    checklist: [
      "Even, flattering studio light",
      "Attire suited to your profession",
      "Backgrounds that never distract",
      "High-resolution downloads for print and web",
      "A look that inspires trust",
      "Unlimited generations with a subscription",
    ],
    closingTitle: "Look as professional as your work",
    closingText: "Start with two free generations after verifying your email, and upgrade only if you want more.",
    closingCta: "Get Started Now",
  },
  "work-headshots": {
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
    closingText: "Help new colleagues put a face to your name. Two free generations after you verify your email.",
    closingCta: "Get Started Now",
  },
  "ai-headshots": {
    slug: "ai-headshots",
    title: "AI Headshots — professional portraits generated in seconds",
    description:
      "How AI headshots work: upload one photo, choose from 10 styles and download a professional portrait in seconds. Photos stored encrypted.",
    eyebrow: "AI Headshots",
    headline: "Professional headshots, generated by AI in seconds",
    lead: "Our image-generation AI studies one photo of you and renders it again with studio lighting, clothing and background — keeping your features, so the result still looks like you.",
    cta: "Try AI Headshots Now",
    heroStyles: ["Speaker", "LinkedIn"],
    benefitsTitle: "Why people choose AI headshots",
    benefits: [
      { title: "One photo is enough", text: "No photo shoot and no set of twenty selfies: a single clear, front-facing photo is all it takes." },
      { title: "Ten styles to choose from", text: "From LinkedIn and Corporate to Speaker and Casual Selfie, try a new look whenever you like." },
      { title: "Private by design", text: "Your photos are stored encrypted and kept only while your subscription is active. Delete your account, and your photos with it, at any time." },
    ],
    checklistTitle: "What’s included",
    checklist: [
      "Results in seconds, not days",
      "10 AI styles for men and women",
      "Before-and-after comparison of every result",
      "PNG, WebP and TIFF downloads",
      "Sizes for LinkedIn, X, Facebook and email signatures",
      "Photos stored encrypted",
    ],
    closingTitle: "See yourself in a new light",
    closingText: "Try it with two free generations once your email is verified. No card needed to start.",
    closingCta: "Try AI Headshots Now",
  },
};
