import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType, type core } from "zod";
import { baseLocale } from "../../copy";
import { refuse, type Said, type Words } from "./errors";

/** The catalogue words of the schemas' messages a person can meet (decision 440), by the English text zod keeps. */
const INPUT_WORDS = new Map<string, Words>();

/**
 * A schema's message in the reader's language (issue 50, decision 440): `.min(1, inputWords(said(m.errors_input_photo)))`
 * gives zod the English text and `validate` answers it in the reader's language, after the field's name. Called
 * where the schema is made (module scope), so the table is filled once, when the routes load.
 */
export function inputWords(words: Words): string {
  const english = words(baseLocale);
  INPUT_WORDS.set(english, words);
  return english;
}

/**
 * A custom issue whose message carries a value the person gave (a domain): the words travel with the issue, as its
 * params, so nothing is remembered per request. `ctx.addIssue(inputIssue(said(m.errors_input_not_a_domain, { given })))`.
 */
export const inputIssue = (words: Words) => ({ code: "custom" as const, message: words(baseLocale), params: { words } });

/** The issue's words in every language when a schema gave them (inputWords, inputIssue); undefined for zod's own. */
function wordsOf(issue: core.$ZodIssue): Words | undefined {
  const carried = issue.code === "custom" ? (issue.params as { words?: unknown } | undefined)?.words : undefined;
  return typeof carried === "function" ? (carried as Words) : INPUT_WORDS.get(issue.message);
}

/**
 * The one way routes read input: `validate("json", schema)` → `c.req.valid("json")`.
 * A failure is a 400 whose message names the field and what is wrong with it: in the reader's language when the
 * schema gave catalogue words (inputWords), else as zod or domain/ says it (domain's texts worded by domainText).
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      const words = issue && wordsOf(issue);
      const inField = (text: string) => (field ? `${field}: ${text}` : text);
      const message: Said = words ? (locale) => inField(words(locale)) : inField(issue?.message ?? "Invalid input");
      throw refuse("invalid_input", message, field ? { field } : {});
    }
  });

/** NUL and the other C0 control characters but tab, CR and LF, and DEL: never part of a name, an address or a search. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
const hasControlCharacter = (s: string) => Array.prototype.some.call(s, (ch: string) => isControl(ch.charCodeAt(0)));

/** Half of a UTF-16 pair without its other half (code units, so no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that may be stored and compared in SQL: Postgres refuses 0x00 in text (the query would fail
 * with a 500 and log the value), so it is a 400 here. Compose: `z.string().max(n).pipe(plainText)`.
 */
export const plainText = z
  .string()
  .refine((s) => !hasControlCharacter(s), "must not contain control characters")
  // a lone surrogate ("\ud800") cannot be stored as text or JSON in Postgres (22P02, issue 35)
  .refine((s) => !LONE_SURROGATE.test(s), "must be valid Unicode text");

/**
 * A whole number, strictly: a JSON integer, or decimal digits (a query string). Never "0x10", "1e1",
 * " 16" or "" (z.coerce.number() took "0x10" as 16; issue 35).
 */
export const wholeNumber = (message = "must be a whole number") =>
  z.unknown().transform((v, ctx) => {
    if (typeof v === "number" && Number.isSafeInteger(v)) return v;
    if (typeof v === "string" && /^[0-9]{1,9}$/.test(v)) return Number(v);
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
