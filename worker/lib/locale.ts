/**
 * The language of a request and of an account (issue 50, decision 340). Requests share an isolate, so the worker
 * never sets a global locale: it works the language out here and passes it (`m.key({}, { locale })`).
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { eq } from "drizzle-orm";
import type { Db, HttpDb } from "../../db";
import { users } from "../../db/schema";
import {
  LOCALE_HEADER,
  baseLocale,
  chooseLocale,
  isLocale,
  localeFromAcceptLanguage,
  localeFromCookies,
  localeFromHeader,
  type Locale,
} from "../../copy";

/**
 * The language a request asks for: the page's (the web app's `X-Locale`, decision 400), else its `locale` cookie (the
 * person's choice), else `Accept-Language`, else English. Never the IP.
 */
export function requestLocale(headers: Headers): Locale {
  return chooseLocale({
    path: localeFromHeader(headers.get(LOCALE_HEADER)),
    cookie: localeFromCookies(headers.get("Cookie")),
    browser: localeFromAcceptLanguage(headers.get("Accept-Language")),
  });
}

/** The language an account's emails, receipts and Stripe pages are in: its setting, English for accounts from before. */
export const userLocale = (user: { locale: string | null }): Locale =>
  user.locale !== null && isLocale(user.locale) ? user.locale : baseLocale;

/** The language of the account with this id or address, or null when there is no such account or it has none set. */
export async function accountLocale(db: Db | HttpDb, who: { id: string } | { email: string }): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where("id" in who ? eq(users.id, who.id) : eq(users.email, who.email.trim().toLowerCase()))
    .limit(1);
  return row?.locale != null && isLocale(row.locale) ? row.locale : null;
}

/**
 * The language a signed-in person is looking at now, for the pages we send them to (Stripe Checkout and the portal:
 * issue 50): the page's (the web app's `X-Locale`, decision 400), else this browser's choice (the cookie), else their
 * account's, else the browser's languages, else English.
 */
export async function viewerLocale(db: Db | HttpDb, headers: Headers, userId: string): Promise<Locale> {
  return (
    localeFromHeader(headers.get(LOCALE_HEADER)) ??
    localeFromCookies(headers.get("Cookie")) ??
    (await accountLocale(db, { id: userId })) ??
    localeFromAcceptLanguage(headers.get("Accept-Language")) ??
    baseLocale
  );
}

const chosen = new WeakMap<Request, Locale>();

/**
 * The language a request is answered in (its refusals, decision 395): the signed-in person's `viewerLocale`, anyone
 * else's `requestLocale`. The account is read only when neither the page nor the cookie names a language, and a
 * failure to read it answers by the request alone (the answer's language is never a reason to fail it). Kept for the
 * request.
 */
export async function answerLocale(c: Context<AppEnv>): Promise<Locale> {
  const known = chosen.get(c.req.raw);
  if (known) return known;
  const headers = c.req.raw.headers;
  const user = c.get("user") as AppEnv["Variables"]["user"] | undefined;
  const locale = user ? await viewerLocale(c.var.httpDb, headers, user.id).catch(() => requestLocale(headers)) : requestLocale(headers);
  chosen.set(c.req.raw, locale);
  return locale;
}
