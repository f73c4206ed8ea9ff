/** Input fields several routes take the same way (sign-up, reset, /account). */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/limits";
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from "../../domain/return-path";
import { m } from "../../copy";
import { inputWords, plainText, said } from "../lib";

/** An email address: trimmed, lower-cased, valid. */
export const emailField = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .pipe(plainText)
  .pipe(z.email(inputWords(said(m.errors_input_email))));

/** A new password, as sign-up, reset and change take it. */
export const newPasswordField = z
  .string({ error: "is required" })
  .min(PASSWORD_MIN_LENGTH, inputWords(said(m.errors_input_password_short, { min: PASSWORD_MIN_LENGTH })))
  .max(PASSWORD_MAX_LENGTH, inputWords(said(m.errors_input_password_long, { max: PASSWORD_MAX_LENGTH })));

/** Where sign-up and the verification mail return to (`next`): a team link's page of this site, nothing else (decision 326). */
export const returnPathField = z
  .string()
  .max(RETURN_PATH_MAX_LENGTH, "must be a page of this site")
  .refine((next) => safeReturnPath(next) !== null, "must be a page of this site");
