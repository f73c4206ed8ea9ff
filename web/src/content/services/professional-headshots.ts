import { STYLE_COUNT, type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTries, numberWordCapitalized } from "../site";
import { fairUseAllPlans } from "@/shared/billing/plan-words";

/** The Professional Headshots page's words (copy/messages/public, `public_professional_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "professional-headshots",
  title: m.public_professional_title(),
  description: m.public_professional_description({ styles: STYLE_COUNT }),
  eyebrow: m.public_service_professional(),
  headline: m.public_professional_headline(),
  lead: m.public_professional_lead(),
  cta: m.public_professional_cta(),
  heroStyles: ["Corporate", "Office"],
  benefitsTitle: m.public_professional_benefits_title(),
  benefits: [
    { title: m.public_professional_benefit1_title(), text: m.public_professional_benefit1_text() },
    {
      title: m.public_professional_benefit2_title({ number: numberWordCapitalized(STYLE_COUNT) }),
      text: m.public_professional_benefit2_text(),
    },
    { title: m.public_professional_benefit3_title(), text: m.public_professional_benefit3_text() },
  ],
  checklistTitle: m.public_professional_checklist_title(),
  checklist: [
    m.public_professional_check1(),
    m.public_professional_check2(),
    m.public_professional_check3(),
    m.public_professional_check4(),
    m.public_professional_check5(),
    m.public_professional_check6({ fairUse: fairUseAllPlans() }),
  ],
  closingTitle: m.public_professional_closing_title(),
  closingText: m.public_professional_closing_text({ freeTries: freeTries() }),
  closingCta: m.public_services_cta_start(),
});

export default content;
