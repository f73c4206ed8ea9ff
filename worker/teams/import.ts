/**
 * Invite a list (issue 37, decision 221): a pasted or uploaded CSV of names and addresses, read by
 * csv-parse (quoted fields, a byte-order mark, the `;` Excel writes in many locales, tabs). The preview
 * says what each row is — ready, a duplicate, not an address, already a member or invited, beyond the free
 * seats — and sends nothing (never whether an address is in another team: issue 46). Confirming reads the same list again on the server
 * (the preview is never trusted) and invites the ready rows through the one invitation path; a list with
 * more people to invite than free seats is refused whole, so nothing is sent.
 */
import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { teamInvitations, teamMembers, users, type Team } from "../../db/schema";
import { IMPORT_MAX_ROWS, type ImportRowStatus } from "../../domain/team-capture";
import type { ApiImportPreview, ApiImportRow } from "../../domain/team-api";
import { emailField } from "../auth";
import { seatsToFill, teamSubscriptionOf } from "../billing";
import { ApiError, badRequest, conflict, plainText, refuse, refusalText, said } from "../lib";
import type { ErrorCode } from "../../domain/errors";
import { m, type Locale } from "../../copy";
import { invite, type IssuedInvitation } from "./invitations";
import { openInvitation, seatsTaken } from "./seats";

const NAME_MAX = 100;

interface RawRow {
  line: number;
  name: string;
  email: string;
}

/** The delimiter of the first line: the most frequent of `,` `;` and tab outside quotes (a comma when none). */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0]!.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** The rows of the list, with their lines; a header row (a cell reading "email" or "e-mail") names the columns. */
export function readList(text: string): RawRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
      relax_quotes: true,
      max_record_size: 4096,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw badRequest(
      // the parser's own detail (its line, what it expected) stays as it says it
      said(m.errors_team_import_unreadable, { reason: err instanceof Error ? err.message : said(m.errors_team_import_not_csv) }),
    );
  }
  if (records.length === 0) throw badRequest(said(m.errors_team_import_empty));
  const head = records[0]!.record.map((c) => c.toLowerCase().replace(/[^a-z]/g, ""));
  const emailAt = head.findIndex((c) => c === "email" || c === "emailaddress" || c === "mail");
  const hasHeader = emailAt >= 0;
  const nameAt = hasHeader ? head.findIndex((c) => c === "name" || c === "fullname") : -1;
  const rows = (hasHeader ? records.slice(1) : records).map(({ record, info }) => {
    // without a header the address is the cell with an @, the name the first other cell
    const e = hasHeader
      ? emailAt
      : Math.max(
          0,
          record.findIndex((c) => c.includes("@")),
        );
    const n = hasHeader ? nameAt : record.findIndex((_, i) => i !== e);
    return { line: info.lines, email: record[e] ?? "", name: n >= 0 ? (record[n] ?? "") : "" };
  });
  if (rows.length > IMPORT_MAX_ROWS)
    throw refuse("too_large", said(m.errors_team_import_too_many_rows, { rows: rows.length, max: IMPORT_MAX_ROWS }));
  return rows;
}

/** Reads the list and says what each row is, against the team as it is now. Writes nothing. */
export async function previewList(db: Db, team: Team, text: string): Promise<ApiImportPreview> {
  const raw = readList(text);
  const rows: ApiImportRow[] = [];
  const seen = new Map<string, number>();
  for (const r of raw) {
    const parsed = emailField.safeParse(r.email);
    const name = r.name.slice(0, NAME_MAX);
    if (!parsed.success || !plainText.safeParse(name).success) {
      rows.push({ line: r.line, name, email: r.email, status: "invalid" });
      continue;
    }
    const email = parsed.data;
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      rows.push({ line: r.line, name, email, status: "duplicate", firstLine: earlier });
      continue;
    }
    seen.set(email, r.line);
    rows.push({ line: r.line, name, email, status: "ready" });
  }
  const emails = [...seen.keys()];
  if (emails.length > 0) {
    // this team's members only: whether an address is in another team is not told (issue 46; decided at acceptance)
    const members = await db
      .select({ email: users.email })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.id), inArray(users.email, emails)));
    const invited = await db
      .select({ email: teamInvitations.email })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, team.id), inArray(teamInvitations.email, emails), openInvitation));
    const mark = (email: string, status: ImportRowStatus) => {
      const row = rows.find((r) => r.email === email && r.status === "ready");
      if (row) row.status = status;
    };
    for (const m of members) mark(m.email, "member");
    for (const i of invited) mark(i.email, "invited");
  }
  const taken = await seatsTaken(db, team.id);
  const freeSeats = Math.max(0, seatsToFill(await teamSubscriptionOf(db, team.id)) - taken.members - taken.invited);
  let ready = 0;
  for (const row of rows.filter((r) => r.status === "ready")) {
    if (ready < freeSeats) ready += 1;
    else row.status = "over-seats";
  }
  return { rows, ready, freeSeats };
}

export interface ImportOutcome {
  sent: { email: string }[];
  /** Rows refused as they were invited (someone took the seat meanwhile), with the refusal's code and its words in `locale`. */
  failed: { email: string; code: ErrorCode; message: string }[];
}

/**
 * Invites the ready rows of the list, read again now; refused whole (409, nothing sent) when the list has
 * more people to invite than free seats, or nobody to invite. `send` mails each invitation as it is made.
 */
export async function importList(
  db: Db,
  team: Team,
  invitedBy: string,
  text: string,
  send: (issued: IssuedInvitation) => Promise<void>,
  /** the language of a failed row's words (the reader's: worker/lib/domain-words.ts answerLocale) */
  locale: Locale,
): Promise<ImportOutcome> {
  const { rows, ready, freeSeats } = await previewList(db, team, text);
  const over = rows.filter((r) => r.status === "over-seats").length;
  if (over > 0) throw conflict(said(m.errors_team_import_not_enough_seats, { people: ready + over, count: freeSeats }));
  if (ready === 0) throw conflict(said(m.errors_team_import_nobody));
  const outcome: ImportOutcome = { sent: [], failed: [] };
  for (const row of rows.filter((r) => r.status === "ready")) {
    try {
      const issued = await invite(db, team, invitedBy, row.email, row.name || null);
      await send(issued);
      outcome.sent.push({ email: row.email });
    } catch (err) {
      // someone took the seat or invited the address meanwhile: that row is reported, the rest go on
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      outcome.failed.push({ email: row.email, code: err.code, message: refusalText(err, locale) });
    }
  }
  return outcome;
}
