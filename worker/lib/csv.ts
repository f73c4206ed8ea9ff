/**
 * CSV files we write (RFC 4180: header row, CRLF, fields quoted when needed) by csv-stringify, whose
 * `escape_formulas` prefixes a `'` to any text cell starting with =, +, -, @, tab or carriage return
 * (OWASP CSV injection). Numbers stay numbers; columns in `euros` print with two decimals.
 */
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null;

export const csvText = (rows: CsvCell[][], euros: ReadonlySet<number> = new Set()) =>
  stringify(rows, {
    escape_formulas: true,
    record_delimiter: "\r\n",
    cast: { number: (n, ctx) => (euros.has(Number(ctx.column)) ? n.toFixed(2) : String(n)) },
  });
