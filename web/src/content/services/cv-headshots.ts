import { type ServiceContent } from "./types";
import { m } from "@/lib/copy";
import { freeTries } from "../site";

/** The CV Headshots page's words (copy/messages/public, `public_cv_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "cv-headshots",
  title: m.public_cv_title(),
  description: m.public_cv_description(),
  eyebrow: m.public_service_cv(),
  headline: m.public_cv_headline(),
  lead: m.public_cv_lead({ claim: m.public_services_callback_claim() }),
  cta: m.public_cv_cta(),
  heroStyles: ["Corporate", "Suit"],
  benefitsTitle: m.public_cv_benefits_title(),
  benefits: [
    { title: m.public_cv_benefit1_title(), text: m.public_cv_benefit1_text() },
    { title: m.public_cv_benefit2_title(), text: m.public_cv_benefit2_text() },
    { title: m.public_cv_benefit3_title(), text: m.public_cv_benefit3_text() },
  ],
  checklistTitle: m.public_cv_checklist_title(),
  checklist: [
    m.public_cv_check1(),
    m.public_cv_check2(),
    m.public_cv_check3(),
    m.public_cv_check4(),
    m.public_cv_check5(),
    m.public_cv_check6(),
  ],
  closingTitle: m.public_cv_closing_title(),
  closingText: m.public_cv_closing_text({ freeTries: freeTries() }),
  closingCta: m.public_services_cta_start(),
});

export default content;
