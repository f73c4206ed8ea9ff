import { type ServiceContent } from "./types";
import { m } from "@/lib/copy";

/** The Gmail Headshots page's words (copy/messages/public, `public_gmail_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "gmail-headshots",
  title: m.public_gmail_title(),
  description: m.public_gmail_description(),
  eyebrow: m.public_service_gmail(),
  headline: m.public_gmail_headline(),
  lead: m.public_gmail_lead(),
  cta: m.public_gmail_cta(),
  heroStyles: ["White Background", "Business"],
  benefitsTitle: m.public_gmail_benefits_title(),
  benefits: [
    { title: m.public_gmail_benefit1_title(), text: m.public_gmail_benefit1_text() },
    { title: m.public_gmail_benefit2_title(), text: m.public_gmail_benefit2_text() },
    { title: m.public_gmail_benefit3_title(), text: m.public_gmail_benefit3_text() },
  ],
  checklistTitle: m.public_gmail_checklist_title(),
  checklist: [
    m.public_gmail_check1(),
    m.public_gmail_check2(),
    m.public_gmail_check3(),
    m.public_gmail_check4(),
    m.public_gmail_check5(),
    m.public_gmail_check6(),
  ],
  closingTitle: m.public_gmail_closing_title(),
  closingText: m.public_gmail_closing_text(),
  closingCta: m.public_services_cta_start(),
});

export default content;
