/**
 * The contract between the web app and the worker (issue 49, decisions 330 and 331), checked by reading the
 * source: the worker names no page of the web app except through domain/paths.ts, refuses only through
 * `refuse` and the codes of domain/errors.ts (decision 350), and the web app reads no error by its words (it
 * switches on the answer's `code`, and words an error only through `errorText`).
 */
import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** `file:line: text` of every line of `files` that `pattern` matches and `allowed` does not excuse. */
function offending(files: string[], pattern: RegExp, allowed: (line: string) => boolean = () => false): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) && !allowed(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** One of the signed-in app's pages at the start of a string or template literal, or after an origin (`${origin}/team`). */
const APP_PATH_LITERAL = /(["'`]|\})\/(dashboard|account|pricing|team|auth|oauth|admin)\b/;

describe("the worker names the web app's pages only through domain/paths.ts", () => {
  const workerFiles = globSync("worker/**/*.ts").filter(
    (f) => !f.endsWith(".test.ts") && !f.startsWith("worker/test/") && !f.endsWith(".d.ts"),
  );

  it("has no literal page path in a mail, a redirect or a return URL", () => {
    // app.ts mounts the API's own routes under /api (`.route("/auth", …)`): those are not the web app's pages.
    expect(offending(workerFiles, APP_PATH_LITERAL, (line) => /^\s*\.route\(/.test(line))).toEqual([]);
  });

  it("the check finds a page spelled in the worker", () => {
    expect(APP_PATH_LITERAL.test('return c.redirect("/account?error=email_taken", 302);')).toBe(true);
    expect(APP_PATH_LITERAL.test("success_url: `${appOrigin}/dashboard?checkout=success`,")).toBe(true);
    expect(APP_PATH_LITERAL.test("const verify = `${origin}/api/auth/verify`;")).toBe(false);
    expect(APP_PATH_LITERAL.test("const shootPath = (id: string) => `/dashboard?shoot=${id}`;")).toBe(true);
  });
});

/** Matching an error's words: a regex or a string test on a message, an error title or a raw body. */
const READS_WORDS =
  /(\.test|\.exec)\(\s*[\w.?]*(message|error|bodyText)\b|(message|bodyText|\.error)\??\.(includes|startsWith|endsWith|match|search|replace)\(|(?<!typeof\s+[\w.?]*)(message|\.error)\s*===\s*["'`]/;

/** Showing an error's own text: `error.message`, `err.message`, an ApiError's body text. */
const SHOWS_RAW_MESSAGE = /\b(err|error|e)\??\.(message|bodyText)\b/;

describe("the worker refuses through the codes of domain/errors.ts", () => {
  const workerFiles = globSync("worker/**/*.ts").filter((f) => !f.endsWith(".test.ts") && !f.startsWith("worker/test/"));

  it("makes no ApiError but through refuse (worker/lib/errors.ts)", () => {
    expect(
      offending(
        workerFiles.filter((f) => f !== "worker/lib/errors.ts"),
        /new ApiError\(/,
      ),
    ).toEqual([]);
  });

  it("answers no error body by hand", () => {
    // a refusal written as c.json({ error: … }) would carry no code
    expect(offending(workerFiles, /c\.json\(\s*\{\s*error:/)).toEqual([]);
  });
});

/**
 * A refusal whose sentence is written in place (a string or template literal as its words): it would be answered in
 * English whatever the reader's language. The words come from the catalogue, `said(m.errors_…)`, or are one of
 * domain/'s texts that domainText words per reader (decision 395).
 */
const REFUSAL_IN_ENGLISH =
  /\b(?:(?:badRequest|unauthorized|forbidden|notFound|conflict|gone|emailUnverified|subscriptionRequired|subscriptionCanceled|tooManyRequests)\(\s*|refuse\(\s*"[a-z_]+",\s*)["'`]/g;
/** A sentence asking a person for something, written in place as an argument (a zod schema's message). */
const SCHEMA_SENTENCE = /[(,]\s*["'`](?:Please|Choose)\b/;

/**
 * The rate limits' and the lease's refusal (decision 410: their third argument, `Said`) written in place:
 * `enforce(db, limits, "Too many…")`, `oneAtATime(db, key, "Busy…", fn)`. The first argument is a name, the second
 * a name, a call or an array of limits (decision 440).
 */
const LIMIT_REFUSAL_IN_ENGLISH =
  /\b(?:enforce|enforceStatements|refuseIfExhausted|oneAtATime)\(\s*[^,()]+,\s*(?:\[[^\]]*\]|[^,()[\]]*\([^()]*\)|[^,()[\]]+),\s*["'`]/g;

/** `file:line: text` of every match of a global `pattern` in `files`, a match spanning lines included. */
function offendingAcrossLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(pattern)].map((found) => {
      const line = text.slice(0, found.index).split("\n").length;
      return `${file}:${line}: ${found[0].replace(/\s+/g, " ")}`;
    });
  });
}

/**
 * Files outside worker/admin/ whose refusals no person reads in the product, so they stay English (decision 410):
 * each with the only callers it may have, checked below, so a route that starts calling one fails here.
 */
const ANSWERS_NO_PERSON: { file: string; exports: RegExp; callers: string[] }[] = [
  // Stripe's webhook: its two signature refusals are answered to Stripe
  { file: "worker/billing/webhook.ts", exports: /\bhandleWebhook\b/, callers: ["worker/stripe/routes.ts"] },
  // a price change is scheduled and withdrawn by the operator only, on the dashboard that stays English
  { file: "worker/billing/price-changes/rules.ts", exports: /\bcheckRules\b/, callers: ["worker/billing/price-changes/stripe-prices.ts"] },
  { file: "worker/billing/price-changes/stripe-prices.ts", exports: /\bschedulePriceChange\b/, callers: ["worker/admin/routes.ts"] },
  { file: "worker/billing/price-changes/withdrawals.ts", exports: /\bwithdrawPriceChange\b/, callers: ["worker/admin/routes.ts"] },
];

describe("the worker's refusals are said in the reader's language", () => {
  // the operator's dashboard and the development routes may stay English (issue 50)
  const peopleFacing = globSync("worker/**/*.ts").filter(
    (f) =>
      !f.endsWith(".test.ts") &&
      !f.startsWith("worker/test/") &&
      !f.startsWith("worker/admin/") &&
      !f.startsWith("worker/dev/") &&
      !ANSWERS_NO_PERSON.some((e) => e.file === f),
  );

  it("leaves English only the refusals that answer the operator or Stripe, reached from nowhere else", () => {
    const code = globSync("worker/**/*.ts").filter((f) => !f.endsWith(".test.ts") && !f.startsWith("worker/test/"));
    for (const { file, exports, callers } of ANSWERS_NO_PERSON) {
      // the billing barrel (worker/billing/index.ts) only passes a function on
      const users = code.filter((f) => f !== file && f !== "worker/billing/index.ts" && exports.test(readFileSync(f, "utf8")));
      expect(users, file).toEqual(callers);
    }
  });

  it("writes no refusal's sentence in place", () => {
    expect(offendingAcrossLines(peopleFacing, REFUSAL_IN_ENGLISH)).toEqual([]);
    expect(offendingAcrossLines(peopleFacing, LIMIT_REFUSAL_IN_ENGLISH)).toEqual([]);
  });

  it("the check finds a sentence written in place, on one line or across lines", () => {
    const finds = (code: string) => [...code.matchAll(REFUSAL_IN_ENGLISH)].length > 0;
    expect(finds('throw conflict("The owner can\'t leave the team.");')).toBe(true);
    expect(finds('throw refuse("no_free_seats",\n    `No free seats in ${team}`)')).toBe(true);
    expect(finds("throw notFound(said(m.errors_not_found));")).toBe(false);
    expect(finds("throw badRequest(MESSAGES.badType);")).toBe(false);
  });

  it('says a schema\'s request to a person ("Please…", "Choose…") from the catalogue, through inputWords (decision 440)', () => {
    const isComment = (line: string) => /^\s*(\*|\/\/)/.test(line);
    expect(offending(peopleFacing, SCHEMA_SENTENCE, isComment)).toEqual([]);
    expect(SCHEMA_SENTENCE.test('.min(1, "Please give the team a name.")')).toBe(true);
    expect(SCHEMA_SENTENCE.test(".max(MAX, `Choose at most ${MAX} headshots`)")).toBe(true);
    expect(SCHEMA_SENTENCE.test(".min(1, inputWords(said(m.errors_input_team_name)))")).toBe(false);
  });

  it("the check finds a rate limit's or a lease's refusal written in place (decision 440)", () => {
    const finds = (code: string) => [...code.matchAll(LIMIT_REFUSAL_IN_ENGLISH)].length > 0;
    expect(finds('await enforce(db, [{ key: `zip:${id}`, limit: 3, windowSeconds: 60 }], "Too many ZIPs.");')).toBe(true);
    expect(finds('await enforce(\n  c.var.db,\n  await authLimits("reset", ip, email),\n  `Too many resets`,\n);')).toBe(true);
    expect(finds('oneAtATime(db, planLease(found.planType), "Busy right now.", async () => run())')).toBe(true);
    expect(finds("oneAtATime(c.var.db, `team-billing:${teamId}`, 'Busy.', fn)")).toBe(true);
    expect(finds('refuseIfExhausted(db, limit, "Wait a minute.")')).toBe(true);
    expect(finds("enforce(db, [signinAttemptLimit(ip)], SIGNIN_THROTTLED);")).toBe(false);
    expect(finds("oneAtATime(c.var.db, `team-billing:${teamId}`, said(m.errors_team_billing_busy), fn)")).toBe(false);
    expect(finds('enforce(db, await authLimits("reset", ip, email), said(m.errors_reset_throttled))')).toBe(false);
  });
});

describe("the web app reads a refusal by its code, never by its words", () => {
  const webFiles = globSync("web/src/**/*.{ts,tsx}").filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith("web/src/test/"));

  it("no regex or string test on an error's message anywhere in web/src", () => {
    expect(webFiles.length).toBeGreaterThan(100);
    expect(offending(webFiles, READS_WORDS)).toEqual([]);
  });

  it("shows an error's words only through errorText (web/src/api/client.ts), never an Error's raw message", () => {
    // the health route's 503 is a report read as data (features/admin/api/get-health.ts), not words shown
    expect(offending(webFiles, SHOWS_RAW_MESSAGE, (line) => line.includes("JSON.parse(err.bodyText)"))).toEqual([]);
  });

  it("the check finds the reads it forbids", () => {
    expect(READS_WORDS.test("if (/subscription|Subscribe/.test(message)) {")).toBe(true);
    expect(READS_WORDS.test("const m = err instanceof Error ? /^(\\d{3}): /.exec(err.message) : null;")).toBe(true);
    expect(READS_WORDS.test('else if (err instanceof Error) text = err.message.replace(/^\\d{3}: /, "");')).toBe(true);
    expect(READS_WORDS.test('if (body?.error === "Conflict") return;')).toBe(true);
    expect(READS_WORDS.test('if (errorCode(err) === "subscription_required") openDialog();')).toBe(false);
    expect(READS_WORDS.test('if (typeof result.message === "string") toast(result.message);')).toBe(false);
    expect(SHOWS_RAW_MESSAGE.test('{error instanceof Error ? error.message : "Please try again."}')).toBe(true);
    expect(SHOWS_RAW_MESSAGE.test("description: err?.message,")).toBe(true);
    expect(SHOWS_RAW_MESSAGE.test('description: errorText(err, "Please try again."),')).toBe(false);
  });
});
