/**
 * Capture links and list imports (issue 37): the rules the worker enforces and the web app shows.
 * Domains are compared exactly, as lower-case ASCII with internationalised names in punycode (the WHATWG
 * URL parser's IDNA "domain to ASCII", the same in workerd and browsers): `Bücher.de` is `xn--bcher-kva.de`.
 * A sub-domain is not its parent: `eu.acme.com` is allowed only when listed itself (decision 220).
 */

/** At most this many domains on one link; a link admits at most this many people; it lives at most this many days. */
export const CAPTURE_MAX_DOMAINS = 10;
export const CAPTURE_MAX_JOINS = 1000;
export const CAPTURE_MAX_DAYS = 90;
export const CAPTURE_DEFAULT_DAYS = 14;

/**
 * Addresses anyone can create: a link limited to one of these would admit the whole internet (decision 220).
 * Not exhaustive; the seat cap still holds for any domain.
 */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  "aol.com",
  "gmail.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "googlemail.com",
  "hotmail.com",
  "icloud.com",
  "live.com",
  "mail.com",
  "me.com",
  "msn.com",
  "outlook.com",
  "proton.me",
  "protonmail.com",
  "qq.com",
  "web.de",
  "yahoo.com",
  "yandex.ru",
];

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A domain as stored and compared (lower-case ASCII, punycode), or null when it is not a domain name. */
export function normalizeDomain(input: string): string | null {
  const d = input.trim().replace(/^@/, "").replace(/\.$/, "");
  if (!d || /[\s/:@?#\\%[\]]/.test(d)) return null;
  let host: string;
  try {
    host = new URL(`http://${d}`).hostname;
  } catch {
    return null;
  }
  return HOSTNAME.test(host) ? host : null;
}

/** The domain of an address, normalised; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 ? normalizeDomain(email.slice(at + 1)) : null;
}

/** Whether the address is at one of the (normalised) domains: exact match only. */
export const domainAllowed = (email: string, domains: readonly string[]): boolean => {
  const d = emailDomain(email);
  return d !== null && domains.includes(d);
};

/** A list import: at most this many rows and bytes (decision 221). */
export const IMPORT_MAX_ROWS = 500;
export const IMPORT_MAX_BYTES = 100 * 1024;

/** What the preview says of each row; only `ready` rows are invited when the list is confirmed. */
export const IMPORT_ROW_STATUSES = ["ready", "duplicate", "invalid", "member", "invited", "over-seats"] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** Reminders (decision 222): the owner picks N (days after joining); one person gets at most one a week. */
export const REMIND_AFTER_DAYS_MIN = 1;
export const REMIND_AFTER_DAYS_MAX = 30;
export const REMINDER_GAP_DAYS = 7;

export const CAPTURE_MESSAGES = {
  linkInvalid:
    "This link to join the team doesn't work any more: it has expired, been revoked or is full. Ask the team's owner for a new one.",
  wrongDomain: (domains: readonly string[]) =>
    `This link is for addresses at ${domains.map((d) => `@${d}`).join(", ")}. Sign in with your work address to join.`,
  unverified: "Please verify your email address first: open the link we emailed you, then come back to this page.",
  otherTeam:
    "You're already in another team. A person can belong to one team at a time: leave that team first, or ask its owner to remove you.",
  sameTeam: "You're already in this team.",
  noSeat: "The team has no free seat left. Ask the team's owner to add seats.",
  removed: "The team's owner removed you from this team, so this link can't add you again. Ask the owner for an invitation.",
} as const;
