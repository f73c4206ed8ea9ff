/** What several of the team's route files share: fields, limits, one-at-a-time billing changes, mailing an invitation. */
import { z } from "zod";
import { landings } from "../../../domain/paths";
import { TEAM_NAME_MAX } from "../../../domain/teams";
import { CAPTURE_MAX_DOMAINS, FREE_MAIL_DOMAINS, IMPORT_MAX_BYTES, normalizeDomain } from "../../../domain/team-capture";
import {
  accountLocale,
  appLink,
  enforce,
  inputIssue,
  inputWords,
  oneAtATime,
  plainText,
  requestLocale,
  wholeNumber,
  refuse,
  said,
} from "../../lib";
import type { Db } from "../../../db";
import { m } from "../../../copy";
import type { AppEnv } from "../../env";
import { createMailer, teamInvitationEmail } from "../../mail";
import { type IssuedInvitation } from "../invitations";
import { type Context } from "hono";

export const nameField = z
  .string()
  .trim()
  .min(1, inputWords(said(m.errors_input_team_name)))
  .max(TEAM_NAME_MAX)
  .pipe(plainText);
export const idParam = z.object({ id: z.uuid("is not a valid id") });
export const seatsField = wholeNumber();
export const tokenField = z.string().trim().min(10, "is not a valid invitation link").max(200);

/**
 * What a team may do per hour, and the refusal beyond it. Invitations (and re-sends): enough for any real team, not
 * for a spammer. A list import's (decision 221): previews are free of side effects but read the database, imports
 * mail up to the free seats each. Reminder clicks: a few an hour per team; each person gets at most one a week
 * whatever asks (decision 222). The name is the rate-limit key's prefix.
 */
const TEAM_HOURLY = {
  "team-invite": { limit: 50, words: said(m.errors_team_invites_rate) },
  "team-import-preview": { limit: 60, words: said(m.errors_team_import_previews_rate) },
  "team-import": { limit: 10, words: said(m.errors_team_imports_rate) },
  "team-remind": { limit: 10, words: said(m.errors_team_reminders_rate) },
} as const;

/** Counts one of the team's hourly requests of `kind`; a 429 in the reader's language beyond its limit. */
export const withinTeamHourly = (db: Db, kind: keyof typeof TEAM_HOURLY, teamId: string) =>
  enforce(db, [{ key: `${kind}:${teamId}`, limit: TEAM_HOURLY[kind].limit, windowSeconds: 3600 }], TEAM_HOURLY[kind].words);

/** The team's email domains for a capture link: each a domain name (IDNs as punycode), none a free-mail one. */
export const domainsField = z
  .array(z.string().max(253), inputWords(said(m.errors_input_domains_list)))
  .min(1, inputWords(said(m.errors_input_domains_none)))
  .max(CAPTURE_MAX_DOMAINS, inputWords(said(m.errors_input_domains_too_many, { max: CAPTURE_MAX_DOMAINS })))
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const given of list) {
      const d = normalizeDomain(given);
      if (!d) ctx.addIssue(inputIssue(said(m.errors_input_not_a_domain, { given })));
      else if (FREE_MAIL_DOMAINS.includes(d)) ctx.addIssue(inputIssue(said(m.errors_input_free_mail, { domain: d })));
      else out.push(d);
    }
    return out;
  });
export const csvField = z.object({
  csv: z.string(inputWords(said(m.errors_input_list_missing))).max(IMPORT_MAX_BYTES * 4, inputWords(said(m.errors_input_list_too_large))),
});

/** The list's size in bytes, refused with 413 beyond IMPORT_MAX_BYTES (decision 221). */
export function refuseLargeList(csv: string) {
  const bytes = new TextEncoder().encode(csv).length;
  if (bytes > IMPORT_MAX_BYTES)
    throw refuse("too_large", said(m.errors_team_import_too_large, { kb: Math.ceil(bytes / 1024), max: IMPORT_MAX_BYTES / 1024 }));
}

/**
 * One team's billing changes run one at a time (issue 35, decision 177): three seat changes at once
 * used to race at Stripe (two schedules for one subscription: a 500 and seats out of step).
 */
export const oneBillingChange = <T>(c: Context<AppEnv>, teamId: string, fn: () => Promise<T>) =>
  oneAtATime(c.var.db, `team-billing:${teamId}`, said(m.errors_team_billing_busy), fn);

/** In the invited address's account's language, else the inviting owner's (the request's: issue 50). */
export async function sendInvitation(c: Context<AppEnv>, issued: IssuedInvitation) {
  const link = appLink(c, landings.teamInvitation(issued.token));
  const locale = (await accountLocale(c.var.db, { email: issued.email })) ?? requestLocale(c.req.raw.headers);
  await createMailer(c.var.config, c.env).send(teamInvitationEmail(issued.email, { teamName: issued.teamName, link }, locale));
}
