import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { badRequest } from "./errors";

/**
 * The one way routes read input: `validate("json", schema)` → `c.req.valid("json")`.
 * A failure is a 400 whose message names the field and what is wrong with it.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      const text = issue?.message ?? "Invalid input";
      throw badRequest(field ? `${field}: ${text}` : text);
    }
  });

/** NUL and the other C0 control characters but tab, CR and LF, and DEL: never part of a name, an address or a search. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
const hasControlCharacter = (s: string) => Array.prototype.some.call(s, (ch: string) => isControl(ch.charCodeAt(0)));

/**
 * Text that may be stored and compared in SQL: Postgres refuses 0x00 in text (the query would fail
 * with a 500 and log the value), so it is a 400 here. Compose: `z.string().max(n).pipe(plainText)`.
 */
export const plainText = z.string().refine((s) => !hasControlCharacter(s), "must not contain control characters");
