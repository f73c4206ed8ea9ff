import { TEAM_SEAT_PRICE, type ServiceContent } from "./types";
import { m } from "@/lib/copy";

/** The Business Headshots page's words (copy/messages/public, `public_business_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "business-headshots",
  title: m.public_business_title(),
  description: m.public_business_description(),
  eyebrow: m.public_service_business(),
  headline: m.public_business_headline(),
  lead: m.public_business_lead(),
  cta: m.public_business_cta(),
  heroStyles: ["Business", "Suit"],
  benefitsTitle: m.public_business_benefits_title(),
  benefits: [
    { title: m.public_business_benefit1_title(), text: m.public_business_benefit1_text() },
    { title: m.public_business_benefit2_title(), text: m.public_business_benefit2_text() },
    { title: m.public_business_benefit3_title(), text: m.public_business_benefit3_text() },
  ],
  checklistTitle: m.public_business_checklist_title(),
  checklist: [
    m.public_business_check1(),
    m.public_business_check2(),
    m.public_business_check3(),
    m.public_business_check4(),
    m.public_business_check5(),
    m.public_business_check6(),
  ],
  closingTitle: m.public_business_closing_title(),
  closingText: m.public_business_closing_text({ price: TEAM_SEAT_PRICE }),
  closingCta: m.public_services_cta_start(),
});

export default content;
