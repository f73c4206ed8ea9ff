/**
 * The emails we send. Plain text first (it is what the dev mailbox shows), with a simple HTML twin.
 * Each is written in the language it is given (issue 50): the recipient account's (`users.locale`, worker/lib/locale.ts
 * userLocale), or the request's for an address with no account yet. The words are copy/messages/emails (every
 * sentence one key, the rules' numbers from domain/ as placeholders); money and dates are formatted in that language.
 * The operator's mails at the end stay English, as the admin does.
 */
import { FREE_GENERATIONS, PASSWORD_RESET_TTL_MINUTES, SUPPORT_EMAIL, VERIFICATION_TTL_HOURS } from "../../domain/limits";
import type { MailMessage } from "./mailer";
import { baseLocale, formatDate, formatList, formatMoney, m, type Locale } from "../../copy";
import { count } from "../../domain/words";
import { TEAM_INVITATION_DAYS } from "../../domain/teams";
import { FAIR_USE, PRICE_CHANGE_NOTICE_DAYS, TEAM_PLAN, billingPlanById, type BillingPlan } from "../../domain/plans";

/** The operator's mails (alerts, the image model's notices) stay English, as the admin does (issue 50). */
export const OPERATOR_LOCALE: Locale = baseLocale;

/** An amount for an email: minor units and currency, formatted in the email's language ("29,99 €"). */
export type MailMoney = { cents: number; currency: string };
/** A billing day for an email (Stripe keeps them in UTC), formatted in the email's language ("5. Januar 2027"). */
export type MailDay = Date;
const money = (a: MailMoney, locale: Locale) => formatMoney(a.cents, a.currency, locale);
const day = (d: MailDay, locale: Locale) => formatDate(d, locale, "long", { timeZone: "UTC" });

/**
 * A plan's name in the email's language ("Monthly", "Monatlich", "Mensuel"; "Team" everywhere): the catalogue's
 * `common_plan_name`, one variant per plan id (decision 370), the words the web's pricing and account pages use.
 * An email names a plan by its id, never by domain's English `name`.
 */
export const planWord = (plan: BillingPlan, locale: Locale): string => m.common_plan_name({ plan }, { locale });

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function verificationEmail(to: string, link: string, locale: Locale): MailMessage {
  return message(to, locale, m.emails_verify_subject({}, { locale }), [
    m.emails_verify_welcome({}, { locale }),
    m.emails_verify_free({ count: FREE_GENERATIONS }, { locale }),
    { link, label: m.emails_verify_button({}, { locale }) },
    m.emails_verify_expiry({ hours: VERIFICATION_TTL_HOURS }, { locale }),
  ]);
}

/** The HTML body in its language: a mail client's screen reader and translate offer read `lang` (issue 50). */
const inLanguage = (locale: Locale, body: string) => `<div lang="${locale}">${body}</div>`;

/** Plain-text paragraphs (one may be a link, shown as a button-like anchor) and their HTML twin, in `locale`. */
function message(to: string, locale: Locale, subject: string, paragraphs: (string | { link: string; label: string })[]): MailMessage {
  const text = paragraphs.map((p) => (typeof p === "string" ? p : p.link)).join("\n\n");
  const html = paragraphs
    .map((p) => (typeof p === "string" ? `<p>${escape(p)}</p>` : `<p><a href="${escape(p.link)}">${escape(p.label)}</a></p>`))
    .join("");
  return { to, locale, subject, text, html: inLanguage(locale, html) };
}

export function passwordResetEmail(to: string, link: string, locale: Locale): MailMessage {
  return message(to, locale, m.emails_reset_subject({}, { locale }), [
    m.emails_reset_intro({}, { locale }),
    { link, label: m.emails_reset_button({}, { locale }) },
    m.emails_reset_expiry({ minutes: PASSWORD_RESET_TTL_MINUTES }, { locale }),
  ]);
}

export function emailChangeEmail(to: string, link: string, locale: Locale): MailMessage {
  return message(to, locale, m.emails_change_subject({}, { locale }), [
    m.emails_change_intro({}, { locale }),
    { link, label: m.emails_change_button({}, { locale }) },
    m.emails_change_expiry({ hours: VERIFICATION_TTL_HOURS }, { locale }),
  ]);
}

export function emailChangedNotice(to: string, newEmail: string, locale: Locale): MailMessage {
  return message(to, locale, m.emails_changed_subject({}, { locale }), [
    m.emails_changed_body({ email: newEmail }, { locale }),
    m.emails_changed_contact({ support: SUPPORT_EMAIL }, { locale }),
  ]);
}

/** After a password reset or change (issue 35): what happened, and the email changes it cancelled. */
export function passwordChangedNotice(to: string, cancelledEmailChanges: string[], locale: Locale): MailMessage {
  return message(to, locale, m.emails_password_changed_subject({}, { locale }), [
    m.emails_password_changed_body({}, { locale }),
    ...(cancelledEmailChanges.length
      ? [m.emails_password_changed_cancelled({ emails: formatList(cancelledEmailChanges, locale) }, { locale })]
      : []),
    m.emails_password_changed_contact({ support: SUPPORT_EMAIL }, { locale }),
  ]);
}

/** A receipt for every payment (issue 35): sent on Stripe's `invoice.paid`, once per event; `plan` null for "your subscription". */
export function paymentReceiptEmail(
  to: string,
  d: { amount: MailMoney; plan: BillingPlan | null; date: MailDay; invoiceUrl: string | null },
  locale: Locale,
): MailMessage {
  const amount = money(d.amount, locale);
  const date = day(d.date, locale);
  return message(to, locale, m.emails_receipt_subject({ amount }, { locale }), [
    m.emails_hello({}, { locale }),
    d.plan
      ? m.emails_receipt_body_plan({ amount, plan: planWord(d.plan, locale), date }, { locale })
      : m.emails_receipt_body_subscription({ amount, date }, { locale }),
    ...(d.invoiceUrl ? [{ link: d.invoiceUrl, label: m.emails_receipt_invoice_button({}, { locale }) }] : []),
    m.emails_receipt_questions({ support: SUPPORT_EMAIL }, { locale }),
  ]);
}

/** A receipt for every refund (issue 35): sent on Stripe's `refund.created`, once per event. */
export function refundReceiptEmail(to: string, d: { amount: MailMoney; date: MailDay }, locale: Locale): MailMessage {
  const amount = money(d.amount, locale);
  return message(to, locale, m.emails_refund_subject({ amount }, { locale }), [
    m.emails_hello({}, { locale }),
    m.emails_refund_body({ amount, date: day(d.date, locale) }, { locale }),
    m.emails_refund_questions({ support: SUPPORT_EMAIL }, { locale }),
  ]);
}

/** A scheduled price change was withdrawn before it reached anyone (decision 196): they keep today's price. */
export function priceChangeWithdrawnEmail(
  to: string,
  d: { plan: BillingPlan; amount: MailMoney; effectiveDate: MailDay },
  locale: Locale,
): MailMessage {
  const plan = planWord(d.plan, locale);
  return message(to, locale, m.emails_price_withdrawn_subject({ plan }, { locale }), [
    m.emails_hello({}, { locale }),
    m.emails_price_withdrawn_body(
      { period: billingPlanById(d.plan).period, plan, date: day(d.effectiveDate, locale), amount: money(d.amount, locale) },
      { locale },
    ),
    m.emails_questions({ support: SUPPORT_EMAIL }, { locale }),
  ]);
}

/**
 * Confirms a cancellation at the period end (issue 46 item 19, decision 342): the plan won't renew, what stays
 * until when (SPEC §1 Terms: access until the period ends, no partial refunds), and how to change one's mind.
 * A person's plan is renewed in Stripe's portal (Account › Manage Billing); a team's on the team page.
 */
export function cancellationEmail(
  to: string,
  d: { plan: BillingPlan; endDate: MailDay; url: string; team?: { name: string } | null },
  locale: Locale,
): MailMessage {
  const [plan, date, o] = [planWord(d.plan, locale), day(d.endDate, locale), { locale }];
  if (d.team)
    return message(to, locale, m.emails_cancel_team_subject({ plan, team: d.team.name }, o), [
      m.emails_hello({}, o),
      m.emails_cancel_team_body({ plan, team: d.team.name }, o),
      m.emails_cancel_team_until({ date }, o),
      m.emails_cancel_team_keep({ date }, o),
      { link: d.url, label: m.emails_price_change_team_button({}, o) },
      m.emails_questions({ support: SUPPORT_EMAIL }, o),
    ]);
  return message(to, locale, m.emails_cancel_subject({ plan }, o), [
    m.emails_hello({}, o),
    m.emails_cancel_body({ plan }, o),
    m.emails_cancel_until({ date }, o),
    m.emails_cancel_renew({ date }, o),
    { link: d.url, label: m.emails_price_change_account_button({}, o) },
    m.emails_questions({ support: SUPPORT_EMAIL }, o),
  ]);
}

/** A second subscription that started while one was live was cancelled at once and refunded in full (decision 090). */
export function duplicateSubscriptionEmail(to: string, details: { plan: BillingPlan; amount: MailMoney }, locale: Locale): MailMessage {
  return message(to, locale, m.emails_duplicate_subject({}, { locale }), [
    m.emails_hello({}, { locale }),
    m.emails_duplicate_body({ plan: planWord(details.plan, locale), amount: money(details.amount, locale) }, { locale }),
    m.emails_duplicate_first_unchanged({}, { locale }),
  ]);
}

/** PRICE_CHANGE_NOTICE_DAYS' notice of a plan's new price (SPEC §1 Terms; decision 093): old → new, from when, how to cancel. */
export function priceChangeEmail(
  to: string,
  d: {
    plan: BillingPlan;
    oldAmount: MailMoney;
    newAmount: MailMoney;
    effectiveDate: MailDay;
    switchDate: MailDay;
    accountUrl: string;
    /** the Team plan (issue 37): its price is a seat's; the team's seats and what they cost at the new price */
    seats?: { count: number; newTotal: MailMoney } | null;
  },
  locale: Locale,
): MailMessage {
  const [old, next] = [money(d.oldAmount, locale), money(d.newAmount, locale)];
  const [date, switchDate] = [day(d.effectiveDate, locale), day(d.switchDate, locale)];
  const [plan, period] = [planWord(d.plan, locale), billingPlanById(d.plan).period];
  const change = { period, plan, old, new: next, date, days: PRICE_CHANGE_NOTICE_DAYS };
  return message(to, locale, m.emails_price_change_subject({ plan, date }, { locale }), [
    m.emails_hello({}, { locale }),
    d.seats ? m.emails_price_change_body_seat(change, { locale }) : m.emails_price_change_body(change, { locale }),
    d.seats
      ? m.emails_price_change_renews_team(
          { period, seats: d.seats.count, switchDate, total: money(d.seats.newTotal, locale), old },
          { locale },
        )
      : m.emails_price_change_renews({ new: next, switchDate, old }, { locale }),
    d.seats ? m.emails_price_change_cancel_team({ switchDate }, { locale }) : m.emails_price_change_cancel({ switchDate }, { locale }),
    {
      link: d.accountUrl,
      label: d.seats ? m.emails_price_change_team_button({}, { locale }) : m.emails_price_change_account_button({}, { locale }),
    },
  ]);
}

/** A shoot's pictures are done (issue 24), sent only when asked for and not watched finishing. */
export function shootReadyEmail(to: string, link: string, shoot: { ready: number; total: number }, locale: Locale): MailMessage {
  const all = shoot.ready === shoot.total;
  return message(to, locale, all ? m.emails_shoot_ready_subject({}, { locale }) : m.emails_shoot_finished_subject({}, { locale }), [
    m.emails_hello({}, { locale }),
    all
      ? m.emails_shoot_all_ready({ count: shoot.total }, { locale })
      : m.emails_shoot_some_ready({ total: shoot.total, ready: shoot.ready, failed: shoot.total - shoot.ready }, { locale }),
    { link, label: m.emails_shoot_button({}, { locale }) },
    m.emails_shoot_download({}, { locale }),
  ]);
}

/** An invitation to join a team (issue 25): one link, single use, expiring in TEAM_INVITATION_DAYS days. */
export function teamInvitationEmail(to: string, details: { teamName: string; link: string }, locale: Locale): MailMessage {
  const fairUse = FAIR_USE[TEAM_PLAN.id]; // a seat's allowance: the per-seat plan's
  return message(to, locale, m.emails_team_invitation_subject({ team: details.teamName }, { locale }), [
    m.emails_team_invitation_body({ per: fairUse.per, team: details.teamName, atOnce: fairUse.atOnce, refill: fairUse.refill }, { locale }),
    { link: details.link, label: m.emails_team_invitation_button({}, { locale }) },
    m.emails_team_invitation_how({ email: to, days: TEAM_INVITATION_DAYS }, { locale }),
  ]);
}

/** A member who has not chosen a team photo yet (issue 37, decision 222): at most one a week. */
export function teamPhotoReminderEmail(to: string, details: { teamName: string; link: string }, locale: Locale): MailMessage {
  return message(to, locale, m.emails_team_reminder_subject({ team: details.teamName }, { locale }), [
    m.emails_team_reminder_body({ team: details.teamName }, { locale }),
    { link: details.link, label: m.emails_team_reminder_button({}, { locale }) },
    m.emails_team_reminder_why({}, { locale }),
  ]);
}

/** To the operator, once, when the image model's announced shutdown comes within 30 days (worker/generation/model-status.ts). */
export function modelShutdownEmail(
  to: string,
  details: { model: string; shutdown: string; replacement: string; days: number },
  locale: Locale,
): MailMessage {
  return message(to, locale, `Headshot Studio: the image model ${details.model} shuts down on ${details.shutdown}`, [
    `Google has announced that ${details.model}, the image model Headshot Studio uses, shuts down on ${details.shutdown} (in ${count(details.days, "day")}). From that day every generation would fail.`,
    `Before then, set GEMINI_MODEL to ${details.replacement} (or another live model of domain/models.ts) and deploy. Admin › Monitoring shows the model in use.`,
    "Source: https://ai.google.dev/gemini-api/docs/deprecations",
  ]);
}

/**
 * To the operator, once per model, when Google no longer serves a model of the chain or of the table: a generation
 * got 404 NOT_FOUND for it, or the daily check of Google's models.list no longer finds it (decisions 290, 293).
 */
export function modelGoneEmail(
  to: string,
  details: { model: string; serving: string | null; found: "generation" | "models.list"; inChain: boolean },
  locale: Locale,
): MailMessage {
  const how =
    details.found === "generation"
      ? `Google answered 404 NOT_FOUND for ${details.model}: it no longer serves it.`
      : `Google's list of models (models.list, asked with the production key) no longer has ${details.model}.`;
  const now = !details.inChain
    ? `It is not a model Headshot Studio is configured to use: remove its row from domain/models.ts.`
    : details.serving
      ? `${details.found === "generation" ? "Every generation now goes" : "Generations go, from Google's first 404 for it,"} to ${details.serving}, the next model of GEMINI_FALLBACK_MODELS, and are recorded at its price. Set GEMINI_MODEL to a live model of domain/models.ts and deploy.`
      : `No model of GEMINI_MODEL and GEMINI_FALLBACK_MODELS is left: every generation fails (and is refunded) until you set GEMINI_MODEL to a live model of domain/models.ts and deploy.`;
  return message(to, locale, `Headshot Studio: Google no longer serves the image model ${details.model}`, [
    how,
    now,
    "Admin › Monitoring shows which model serves. Source: https://ai.google.dev/gemini-api/docs/changelog",
  ]);
}
