import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
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
