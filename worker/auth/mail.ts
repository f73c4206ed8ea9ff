/** Mails with links: where a mailed token points, and sending without failing the request. */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { accountLocale, appLink, errorFields, log } from "../lib";
import { baseLocale } from "../../copy";
import { landings } from "../../domain/paths";
import { createMailer, passwordChangedNotice, type MailMessage } from "../mail";
import type { PasswordSet } from "./password-reset";

/**
 * The link a mailed token opens: verification and email change go through GET /api/auth/verify, a reset to its
 * page. A verification link may carry where the person continues once verified (`next`, a path that passed
 * safeReturnPath: decision 326).
 */
export const emailLink = (c: Context<AppEnv>, token: string, kind: "verify" | "reset", next?: string | null) =>
  kind === "verify"
    ? appLink(c, `/api/auth/verify?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`)
    : appLink(c, landings.reset(token));

/** Sends a mail; a failure is logged, never answered (the account is fine either way; the person can ask again). */
export async function sendMail(c: Context<AppEnv>, mail: MailMessage, what: string) {
  try {
    await createMailer(c.var.config, c.env).send(mail);
  } catch (err) {
    log("error", `${what} email not sent`, { requestId: c.get("requestId"), ...errorFields(err) });
  }
}

/** Tells the account's address that its password was set by recovery, and which email changes that cancelled. */
export const sendPasswordChangedNotice = async (c: Context<AppEnv>, set: PasswordSet) =>
  sendMail(
    c,
    passwordChangedNotice(set.email, set.cancelledEmailChanges, (await accountLocale(c.var.db, { id: set.userId })) ?? baseLocale),
    "password changed notice",
  );
