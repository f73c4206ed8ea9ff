import { type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTriesCapitalized } from "../site";

/** The Modeling Headshots page's words (copy/messages/public, `public_modeling_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "modeling-headshots",
  title: m.public_modeling_title(),
  description: m.public_modeling_description(),
  eyebrow: m.public_service_modeling(),
  headline: m.public_modeling_headline(),
  lead: m.public_modeling_lead(),
  cta: m.public_modeling_cta(),
  heroStyles: ["White Background", "Black Background"],
  benefitsTitle: m.public_modeling_benefits_title(),
  benefits: [
    { title: m.public_modeling_benefit1_title(), text: m.public_modeling_benefit1_text() },
    { title: m.public_modeling_benefit2_title(), text: m.public_modeling_benefit2_text() },
    { title: m.public_modeling_benefit3_title(), text: m.public_modeling_benefit3_text() },
  ],
  checklistTitle: m.public_modeling_checklist_title(),
  checklist: [
    m.public_modeling_check1(),
    m.public_modeling_check2(),
    m.public_modeling_check3(),
    m.public_modeling_check4(),
    m.public_modeling_check5(),
    m.public_modeling_check6(),
  ],
  closingTitle: m.public_modeling_closing_title(),
  closingText: m.public_modeling_closing_text({ freeTries: freeTriesCapitalized() }),
  closingCta: m.public_services_cta_start(),
});

export default content;
