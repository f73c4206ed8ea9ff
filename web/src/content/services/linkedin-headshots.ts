import { STYLE_COUNT, type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTriesCapitalized } from "../site";

/** The LinkedIn Headshots page's words (copy/messages/public, `public_linkedin_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "linkedin-headshots",
  title: m.public_linkedin_title(),
  description: m.public_linkedin_description({ styles: STYLE_COUNT }),
  eyebrow: m.public_service_linkedin(),
  headline: m.public_linkedin_headline(),
  lead: m.public_linkedin_lead(),
  cta: m.public_linkedin_cta(),
  heroStyles: ["LinkedIn", "Corporate"],
  benefitsTitle: m.public_linkedin_benefits_title(),
  benefits: [
    { title: m.public_linkedin_benefit1_title(), text: m.public_linkedin_benefit1_text() },
    { title: m.public_linkedin_benefit2_title(), text: m.public_linkedin_benefit2_text() },
    { title: m.public_linkedin_benefit3_title(), text: m.public_linkedin_benefit3_text() },
  ],
  checklistTitle: m.public_linkedin_checklist_title(),
  checklist: [
    m.public_linkedin_check1(),
    m.public_linkedin_check2(),
    m.public_linkedin_check3(),
    m.public_linkedin_check4(),
    m.public_linkedin_check5(),
    m.public_linkedin_check6(),
  ],
  closingTitle: m.public_linkedin_closing_title(),
  closingText: m.public_linkedin_closing_text({ freeTries: freeTriesCapitalized() }),
  closingCta: m.public_services_cta_start(),
});

export default content;
