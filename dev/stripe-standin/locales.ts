/**
 * The languages Stripe's hosted pages accept (`locale` on checkout.sessions.create and billing_portal.sessions.create),
 * as the stripe package's types list them (Stripe.Checkout.SessionCreateParams.Locale, BillingPortal's). The stand-in
 * refuses anything else as Stripe does (issue 50: the app passes the person's language, en/de/fr/es/it).
 */
const COMMON = [
  "auto",
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "en-GB",
  "es",
  "es-419",
  "et",
  "fi",
  "fil",
  "fr",
  "fr-CA",
  "hr",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "lv",
  "ms",
  "mt",
  "nb",
  "nl",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sk",
  "sl",
  "sv",
  "th",
  "tr",
  "vi",
  "zh",
  "zh-HK",
  "zh-TW",
] as const;

export const CHECKOUT_LOCALES: readonly string[] = [...COMMON, "hi-IN"].sort();
export const PORTAL_LOCALES: readonly string[] = [...COMMON, "en-AU", "en-CA", "en-IE", "en-IN", "en-NZ", "en-SG"].sort();

/**
 * A customer's `preferred_locales` (customers.create and customers.update): an array of IETF language tags, in order
 * of preference, that Stripe writes the customer's invoices, receipts and its own emails in. Stripe takes the
 * languages it supports for those (its hosted pages' list without `auto`) and refuses any other value.
 */
export const CUSTOMER_LOCALES: readonly string[] = PORTAL_LOCALES.filter((l) => l !== "auto");
