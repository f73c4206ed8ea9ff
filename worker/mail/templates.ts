/**
 * The emails we send. Plain text first (it is what the dev mailbox shows), with a simple HTML twin.
 * Each takes the language it is written in (issue 50): the recipient account's (`users.locale`, worker/lib/locale.ts
 * userLocale), or the request's for an address with no account yet. The words move into copy/messages/emails later;
 * until then every language reads the English below, and the message carries its locale (the HTML's `lang`, the dev
 * mailbox's record).
 */
import { FREE_GENERATIONS, PASSWORD_RESET_TTL_MINUTES, SUPPORT_EMAIL, VERIFICATION_TTL_HOURS } from "../../domain/limits";
import type { MailMessage } from "./mailer";
import { baseLocale, type Locale } from "../../copy";

/** The operator's mails (alerts, the image model's notices) stay English, as the admin does (issue 50). */
export const OPERATOR_LOCALE: Locale = baseLocale;
import { count } from "../../domain/words";
import { TEAM_INVITATION_DAYS } from "../../domain/teams";
import { fairUseCaps } from "../../domain/plans";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const FREE_LINE = `Please confirm your email address to receive your ${count(FREE_GENERATIONS, "free headshot generation")}:`;
const EXPIRY_LINE = `This link works once and expires in ${VERIFICATION_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`;

export function verificationEmail(to: string, link: string, locale: Locale): MailMessage {
  const text = ["Welcome to Headshot Studio!", "", FREE_LINE, "", link, "", EXPIRY_LINE].join("\n");
  const html = inLanguage(
    locale,
    `<p>Welcome to Headshot Studio!</p><p>${escape(FREE_LINE)}</p><p><a href="${escape(link)}">Verify my email address</a></p><p>${escape(EXPIRY_LINE)}</p>`,
  );
  return { to, locale, subject: "Verify your email for Headshot Studio", text, html };
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
  return message(to, locale, "Reset your Headshot Studio password", [
    "Someone asked to reset the password of your Headshot Studio account. To choose a new password, open this link:",
    { link, label: "Choose a new password" },
    `This link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Resetting your password signs you out everywhere. If you did not ask for this, you can ignore this email: your password stays as it is.`,
  ]);
}

export function emailChangeEmail(to: string, link: string, locale: Locale): MailMessage {
  return message(to, locale, "Confirm your new email address for Headshot Studio", [
    "Please confirm that this is the new email address of your Headshot Studio account:",
    { link, label: "Confirm my new email address" },
    `This link works once and expires in ${VERIFICATION_TTL_HOURS} hours. Until you confirm, your account keeps its current address. If you did not ask for this, you can ignore this email.`,
  ]);
}

export function emailChangedNotice(to: string, newEmail: string, locale: Locale): MailMessage {
  return message(to, locale, "Your Headshot Studio email address was changed", [
    `The email address of your Headshot Studio account was changed to ${newEmail}. From now on, sign in and receive our emails at that address.`,
    `If you did not make this change, please contact us at ${SUPPORT_EMAIL} straight away.`,
  ]);
}

/** After a password reset or change (issue 35): what happened, and the email changes it cancelled. */
export function passwordChangedNotice(to: string, cancelledEmailChanges: string[], locale: Locale): MailMessage {
  return message(to, locale, "Your Headshot Studio password was changed", [
    "The password of your Headshot Studio account was just changed, and every device that was signed in has been signed out.",
    ...(cancelledEmailChanges.length
      ? [
          `A pending request to move your account to ${cancelledEmailChanges.join(", ")} was cancelled, as was every other link we had emailed you before. Your account stays at this address.`,
        ]
      : []),
    `If you did not make this change, reset your password from the sign-in page straight away and contact us at ${SUPPORT_EMAIL}.`,
  ]);
}

/** A receipt for every payment (issue 35): sent on Stripe's `invoice.paid`, once per event. */
export function paymentReceiptEmail(
  to: string,
  d: { amount: string; what: string; date: string; invoiceUrl: string | null },
  locale: Locale,
): MailMessage {
  return message(to, locale, `Your Headshot Studio receipt: ${d.amount}`, [
    "Hello from Headshot Studio,",
    `Thank you: we received your payment of ${d.amount} for ${d.what} on ${d.date}.`,
    ...(d.invoiceUrl ? [{ link: d.invoiceUrl, label: "View the invoice" }] : []),
    `Questions about a payment? Write to us at ${SUPPORT_EMAIL}.`,
  ]);
}

/** A receipt for every refund (issue 35): sent on Stripe's `refund.created`, once per event. */
export function refundReceiptEmail(to: string, d: { amount: string; date: string }, locale: Locale): MailMessage {
  return message(to, locale, `Your Headshot Studio refund: ${d.amount}`, [
    "Hello from Headshot Studio,",
    `We refunded ${d.amount} to your card on ${d.date}. A refund usually reaches your card in 5–10 days; your invoices show it (Account › Manage Billing).`,
    `Questions about a refund? Write to us at ${SUPPORT_EMAIL}.`,
  ]);
}

/** A scheduled price change was withdrawn before it reached anyone (decision 196): they keep today's price. */
export function priceChangeWithdrawnEmail(
  to: string,
  d: { planName: string; period: string; amount: string; effectiveDate: string },
  locale: Locale,
): MailMessage {
  return message(to, locale, `The price change of your ${d.planName} plan is withdrawn`, [
    "Hello from Headshot Studio,",
    `We wrote to you that the price of the ${d.planName} plan would change on ${d.effectiveDate}. That price change is withdrawn: you keep paying ${d.amount} a ${d.period}, and nothing else changes.`,
    `Questions? Write to us at ${SUPPORT_EMAIL}.`,
  ]);
}

/**
 * Confirms a cancellation at the period end (issue 46 item 19, decision 342): the plan won't renew, what stays
 * until when (SPEC §1 Terms: access until the period ends, no partial refunds), and how to change one's mind.
 * A person's plan is renewed in Stripe's portal (Account › Manage Billing); a team's on the team page.
 */
export function cancellationEmail(
  to: string,
  d: { planName: string; endDate: string; url: string; team?: { name: string } | null },
  locale: Locale,
): MailMessage {
  if (d.team)
    return message(to, locale, `The ${d.planName} plan of ${d.team.name} is canceled`, [
      "Hello from Headshot Studio,",
      `As you asked, the ${d.planName} plan of ${d.team.name} is canceled: it won't renew.`,
      `Everyone in the team keeps their seat until ${d.endDate}, the end of the period you paid for. There are no partial refunds.`,
      `Changed your mind? Choose Keep subscription on the team page before ${d.endDate}, and it carries on as before.`,
      { link: d.url, label: "Open the team page" },
      `Questions? Write to us at ${SUPPORT_EMAIL}.`,
    ]);
  return message(to, locale, `Your ${d.planName} plan is canceled`, [
    "Hello from Headshot Studio,",
    `As you asked, your ${d.planName} plan is canceled: it won't renew, and you won't be charged for it again.`,
    `You keep its paid features until ${d.endDate}, the end of the period you paid for. There are no partial refunds.`,
    `Changed your mind? Renew it before ${d.endDate} from your account settings (Account › Manage Billing), and it carries on as before.`,
    { link: d.url, label: "Open my account settings" },
    `Questions? Write to us at ${SUPPORT_EMAIL}.`,
  ]);
}

/** A second subscription that started while one was live was cancelled at once and refunded in full (decision 090). */
export function duplicateSubscriptionEmail(to: string, details: { planName: string; amount: string }, locale: Locale): MailMessage {
  return message(to, locale, "We refunded your second subscription", [
    "Hello from Headshot Studio,",
    `You already had a live subscription when a second one (${details.planName}) started, probably from a second payment page. You only need one, so we cancelled the second subscription at once and refunded its payment of ${details.amount} in full. The refund reaches your card in 5–10 days.`,
    "Your first subscription is unchanged and keeps running.",
  ]);
}

/** 30 days' notice of a plan's new price (SPEC §1 Terms; decision 093): old → new, from when, how to cancel. */
export function priceChangeEmail(
  to: string,
  d: {
    planName: string;
    period: string;
    oldAmount: string;
    newAmount: string;
    effectiveDate: string;
    switchDate: string;
    accountUrl: string;
    /** the Team plan (issue 37): its price is a seat's; the team's seats and what they cost at the new price */
    seats?: { count: number; newTotal: string } | null;
  },
  locale: Locale,
): MailMessage {
  const team = d.seats ? ` a seat` : "";
  return message(to, locale, `The price of your ${d.planName} plan changes on ${d.effectiveDate}`, [
    "Hello from Headshot Studio,",
    `The price of the ${d.planName} plan changes from ${d.oldAmount} to ${d.newAmount}${team} a ${d.period}, from ${d.effectiveDate}. We are telling you at least 30 days ahead, as our Terms promise.`,
    d.seats
      ? `Your team's subscription renews at the new price on ${d.switchDate}, the first renewal on or after that date: ${count(d.seats.count, "seat")}, ${d.seats.newTotal} a ${d.period}. Until then you pay ${d.oldAmount} a seat, and nothing else changes.`
      : `Your subscription renews at the new price of ${d.newAmount} on ${d.switchDate}, the first renewal on or after that date. Until then you pay ${d.oldAmount}, and nothing else changes.`,
    d.seats
      ? `If you would rather not continue, you can cancel the team's subscription at any time before ${d.switchDate} on the team page: everyone keeps their seat until the end of the period you paid for, and you are never charged the new price.`
      : `If you would rather not continue, you can cancel at any time before ${d.switchDate} from your account settings (Account › Manage Billing): you keep access until the end of the period you paid for and are never charged the new price.`,
    { link: d.accountUrl, label: d.seats ? "Open the team page" : "Open my account settings" },
  ]);
}

/** A shoot's pictures are done (issue 24), sent only when asked for and not watched finishing. */
export function shootReadyEmail(to: string, link: string, shoot: { ready: number; total: number }, locale: Locale): MailMessage {
  const failed = shoot.total - shoot.ready;
  return message(to, locale, shoot.ready === shoot.total ? "Your headshots are ready" : "Your headshot shoot has finished", [
    "Hello from Headshot Studio,",
    shoot.ready === shoot.total
      ? `All ${count(shoot.total, "headshot")} of your shoot are ready.`
      : `${shoot.ready} of your ${count(shoot.total, "headshot")} are ready; ${failed} could not be made (any free generation it used was given back).`,
    { link, label: "See your shoot" },
    "You can download them one by one, or all at once as a ZIP.",
  ]);
}

/** An invitation to join a team (issue 25): one link, single use, expiring in TEAM_INVITATION_DAYS days. */
export function teamInvitationEmail(to: string, details: { teamName: string; link: string }, locale: Locale): MailMessage {
  return message(to, locale, `You're invited to join ${details.teamName} on Headshot Studio`, [
    `You've been invited to join the team "${details.teamName}" on Headshot Studio: a seat with unlimited professional AI headshots in the team's look (fair use: ${fairUseCaps("team")}).`,
    { link: details.link, label: "Accept the invitation" },
    `Sign in (or sign up) with this email address, ${to}, to accept. The link works once and expires in ${TEAM_INVITATION_DAYS} days. If you weren't expecting this, you can ignore this email.`,
  ]);
}

/** A member who has not chosen a team photo yet (issue 37, decision 222): at most one a week. */
export function teamPhotoReminderEmail(to: string, details: { teamName: string; link: string }, locale: Locale): MailMessage {
  return message(to, locale, `${details.teamName} is waiting for your team photo`, [
    `Your team "${details.teamName}" on Headshot Studio is putting together its team page, and your photo isn't chosen yet. Generate a headshot in the team's look (your seat includes it), then pick "Use as my team photo".`,
    { link: details.link, label: "Choose my team photo" },
    "You get this reminder because the team's owner asked for it; it stops once you have chosen a photo.",
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
