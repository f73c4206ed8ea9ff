/**
 * The Privacy Policy and Terms of Service (SPEC §1), in the page's language (copy/messages/policies; a translation
 * says that the English text prevails, pages/policy.tsx). Every statement here is something the code does:
 * photos encrypted at rest (worker/storage/encrypted.ts), photos deleted RETENTION_DAYS after a subscription
 * ends or, without one, after each headshot was made (worker/headshots/retention.ts), uploads never
 * generated deleted after a day (worker/headshots/unused-uploads.ts), deletion from account settings
 * (worker/account/routes.ts), the 13+ confirmation at sign-up (worker/auth/routes.ts), the 30-day refund of
 * a first subscription only (worker/billing), cancellation at period end (Stripe's cancel_at_period_end).
 */
import { CONTACT_EMAIL } from "@/lib/paths";
import { FAIR_USE_AT_ONCE, FREE_GENERATIONS, MINIMUM_AGE, RETENTION_DAYS } from "../../../domain/limits";
import { MONEY_BACK_DAYS, PRICE_CHANGE_NOTICE_DAYS } from "../../../domain/plans";
import { m } from "@/lib/copy";
import { everyPlan } from "@/shared/billing/plan-words";

export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
}

export interface Policy {
  title: string;
  description: string;
  intro: string;
  sections: readonly PolicySection[];
}

const email = CONTACT_EMAIL;

/** The Privacy Policy in the locale being rendered. */
export const privacyPolicy = (): Policy => ({
  title: m.policies_privacy_title(),
  description: m.policies_privacy_description({ age: MINIMUM_AGE }),
  intro: m.policies_privacy_intro(),
  sections: [
    {
      heading: m.policies_privacy_collect_heading(),
      paragraphs: [
        m.policies_privacy_collect_p1(),
        m.policies_privacy_collect_p2(),
        m.policies_privacy_collect_p3(),
        m.policies_privacy_collect_p4(),
      ],
    },
    {
      heading: m.policies_privacy_protect_heading(),
      paragraphs: [m.policies_privacy_protect_p1(), m.policies_privacy_protect_p2()],
    },
    {
      heading: m.policies_privacy_ai_heading(),
      paragraphs: [m.policies_privacy_ai_p1(), m.policies_privacy_ai_p2()],
    },
    { heading: m.policies_privacy_ratings_heading(), paragraphs: [m.policies_privacy_ratings_p1()] },
    {
      heading: m.policies_privacy_retention_heading(),
      paragraphs: [
        m.policies_privacy_retention_p1(),
        m.policies_privacy_retention_p2({ days: RETENTION_DAYS }),
        m.policies_privacy_retention_p3(),
        m.policies_privacy_retention_p4(),
        m.policies_privacy_retention_p5(),
        m.policies_privacy_retention_p6(),
      ],
    },
    { heading: m.policies_privacy_deleting_heading(), paragraphs: [m.policies_privacy_deleting_p1({ email })] },
    { heading: m.policies_privacy_children_heading(), paragraphs: [m.policies_privacy_children_p1({ age: MINIMUM_AGE })] },
    {
      heading: m.policies_privacy_processors_heading(),
      paragraphs: [m.policies_privacy_processors_p1(), m.policies_privacy_processors_p2()],
    },
    { heading: m.policies_privacy_cookies_heading(), paragraphs: [m.policies_privacy_cookies_p1()] },
    { heading: m.policies_privacy_contact_heading(), paragraphs: [m.policies_privacy_contact_p1({ email })] },
  ],
});

/** The Terms of Service in the locale being rendered. */
export const termsOfService = (): Policy => ({
  title: m.policies_terms_title(),
  description: m.policies_terms_description({ days: MONEY_BACK_DAYS }),
  intro: m.policies_terms_intro({ age: MINIMUM_AGE }),
  sections: [
    {
      heading: m.policies_terms_account_heading(),
      paragraphs: [m.policies_terms_account_p1({ age: MINIMUM_AGE, free: FREE_GENERATIONS })],
    },
    {
      heading: m.policies_terms_billing_heading(),
      paragraphs: [
        m.policies_terms_billing_p1(),
        m.policies_terms_billing_p2({ atOnce: FAIR_USE_AT_ONCE, plans: everyPlan(m.policies_terms_fair_use_on_plan) }),
        m.policies_terms_billing_p3({ days: PRICE_CHANGE_NOTICE_DAYS }),
      ],
    },
    { heading: m.policies_terms_guarantee_heading(), paragraphs: [m.policies_terms_guarantee_p1({ days: MONEY_BACK_DAYS })] },
    { heading: m.policies_terms_cancellation_heading(), paragraphs: [m.policies_terms_cancellation_p1()] },
    {
      heading: m.policies_terms_photos_heading(),
      paragraphs: [m.policies_terms_photos_p1(), m.policies_terms_photos_p2(), m.policies_terms_photos_p3(), m.policies_terms_photos_p4()],
    },
    { heading: m.policies_terms_contact_heading(), paragraphs: [m.policies_terms_contact_p1({ email })] },
  ],
});
