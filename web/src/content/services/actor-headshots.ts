import { type ServiceContent } from "./types";
import { m } from "@/lib/copy";

/** The Actor Headshots page's words (copy/messages/public, `public_actor_*`): only this page's chunk imports them. */
const content = (): ServiceContent => ({
  slug: "actor-headshots",
  title: m.public_actor_title(),
  description: m.public_actor_description(),
  eyebrow: m.public_service_actor(),
  headline: m.public_actor_headline(),
  lead: m.public_actor_lead({ claim: m.public_services_callback_claim() }),
  cta: m.public_actor_cta(),
  heroStyles: ["Black Background", "Casual Selfie"],
  benefitsTitle: m.public_actor_benefits_title(),
  benefits: [
    { title: m.public_actor_benefit1_title(), text: m.public_actor_benefit1_text() },
    { title: m.public_actor_benefit2_title(), text: m.public_actor_benefit2_text() },
    { title: m.public_actor_benefit3_title(), text: m.public_actor_benefit3_text() },
  ],
  checklistTitle: m.public_actor_checklist_title(),
  checklist: [
    m.public_actor_check1(),
    m.public_actor_check2(),
    m.public_actor_check3(),
    m.public_actor_check4(),
    m.public_actor_check5(),
    m.public_actor_check6(),
  ],
  closingTitle: m.public_actor_closing_title(),
  closingText: m.public_actor_closing_text(),
  closingCta: m.public_services_cta_try_ai(),
});

export default content;
