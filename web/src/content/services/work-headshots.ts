import { type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTriesCapitalized } from "../site";

/** The Work Headshots page's words (copy/messages/public, `public_work_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "work-headshots",
  title: m.public_work_title(),
  description: m.public_work_description(),
  eyebrow: m.public_service_work(),
  headline: m.public_work_headline(),
  lead: m.public_work_lead(),
  cta: m.public_work_cta(),
  heroStyles: ["Casual Selfie", "Blazer"],
  benefitsTitle: m.public_work_benefits_title(),
  benefits: [
    { title: m.public_work_benefit1_title(), text: m.public_work_benefit1_text() },
    { title: m.public_work_benefit2_title(), text: m.public_work_benefit2_text() },
    { title: m.public_work_benefit3_title(), text: m.public_work_benefit3_text() },
  ],
  checklistTitle: m.public_work_checklist_title(),
  checklist: [
    m.public_work_check1(),
    m.public_work_check2(),
    m.public_work_check3(),
    m.public_work_check4(),
    m.public_work_check5(),
    m.public_work_check6(),
  ],
  closingTitle: m.public_work_closing_title(),
  closingText: m.public_work_closing_text({ freeTries: freeTriesCapitalized() }),
  closingCta: m.public_services_cta_start(),
});

export default content;
