import { STYLE_COUNT, type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTries, numberWordCapitalized } from "../site";

/** The AI Headshots page's words (copy/messages/public, `public_ai_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "ai-headshots",
  title: m.public_ai_title(),
  description: m.public_ai_description({ styles: STYLE_COUNT }),
  eyebrow: m.public_service_ai(),
  headline: m.public_ai_headline(),
  lead: m.public_ai_lead(),
  cta: m.public_services_cta_try_ai(),
  heroStyles: ["Speaker", "LinkedIn"],
  benefitsTitle: m.public_ai_benefits_title(),
  benefits: [
    { title: m.public_ai_benefit1_title(), text: m.public_ai_benefit1_text() },
    { title: m.public_ai_benefit2_title({ number: numberWordCapitalized(STYLE_COUNT) }), text: m.public_ai_benefit2_text() },
    { title: m.public_ai_benefit3_title(), text: m.public_ai_benefit3_text() },
  ],
  checklistTitle: m.public_ai_checklist_title(),
  checklist: [
    m.public_ai_check1(),
    m.public_ai_check2({ styles: STYLE_COUNT }),
    m.public_ai_check3(),
    m.public_ai_check4(),
    m.public_ai_check5(),
    m.public_ai_check6(),
  ],
  closingTitle: m.public_ai_closing_title(),
  closingText: m.public_ai_closing_text({ freeTries: freeTries() }),
  closingCta: m.public_services_cta_try_ai(),
});

export default content;
