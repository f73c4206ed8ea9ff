/**
 * The one fetch stub of the web tests: answers from a table keyed by "METHOD /path" (the query string is
 * ignored) and records every call with its JSON body. A path the table lacks answers `fallback`: a JSON
 * 404 by default, or e.g. `answerNull` for tests that only care about some of the calls a page makes.
 *
 * The table is typed from the worker's routes (`AppType`), so a stub cannot drift from the API: a key must
 * be one of its routes, with a concrete segment where the route has a parameter ("GET /api/headshots/h1"
 * for "/api/headshots/:id"), and a JSON answer's body must be what that route answers. An error answer
 * says so (`apiError`, `failure`), and a non-JSON one (a CSV, a ZIP) is `file`, for a route that answers one.
 */
import { vi } from "vitest";
import type { ExtractSchema } from "hono/types";
import type { ClientErrorStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";
import type { AppType } from "@worker/app";
import { codeForStatus, type ApiErrorBody } from "@/lib/domain";

export interface Call {
  method: string;
  url: string;
  /** "METHOD /path", as the table is keyed */
  key: string;
  body: unknown;
}

declare const answers: unique symbol;
/** A Response whose type says what it answers: a route's JSON body, an error, or a file. */
export type Stubbed<A> = Response & { readonly [answers]: A };

type JsonAnswer<Body, Status extends number> = { json: Body; status: Status };
/** `json`'s body is read as written (literals stay literal) but compared as the mutable data it is. */
type Writable<T> = T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type ErrorAnswer = { error: true };
type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode;
type FileAnswer = { file: true };

/** A JSON response (tables may hold it as is: each call gets a clone). */
export const json = <const Body, const Status extends number = 200>(body: Body, status?: Status) =>
  new Response(JSON.stringify(body), { status: status ?? 200, headers: { "Content-Type": "application/json" } }) as Stubbed<
    JsonAnswer<Writable<Body>, NoInfer<Status>>
  >;

/** `null` with 200: what the API answers for "nothing there" (no subscription, no downgrade). */
export const answerNull = () => json(null);

/**
 * The API's refusal: the status and the `{ error, code, message, …params }` body its error handler writes; without
 * a code, the status's generic one (domain/errors.ts), as the worker answers a refusal nobody named.
 */
export const apiError = (status: ErrorStatus, body: Partial<ApiErrorBody> & Record<string, unknown>) =>
  new Response(JSON.stringify({ code: codeForStatus(status), ...body }), {
    status,
    headers: { "Content-Type": "application/json" },
  }) as Stubbed<ErrorAnswer>;

/** A failure with no JSON body (a proxy's 502, a crash): only the status and its text. */
export const failure = (status: ErrorStatus, statusText: string, body = "") =>
  new Response(body, { status, statusText }) as Stubbed<ErrorAnswer>;

/** A non-JSON answer (a CSV, a ZIP) of a route that answers a file. */
export const file = (body: BodyInit, headers: HeadersInit) => new Response(body, { headers }) as Stubbed<FileAnswer>;

type Schema = ExtractSchema<AppType>;

/** Every route as { method, path, endpoint }: `$get` under "/api/team" is { method: "GET", path: "/api/team" }. */
type Routes = Schema extends infer S
  ? S extends unknown
    ? {
        [P in keyof S & string]: {
          [M in keyof S[P] & string]: M extends `$${infer Verb}` ? { method: Uppercase<Verb>; path: P; endpoint: S[P][M] } : never;
        }[keyof S[P] & string];
      }[keyof S & string]
    : never
  : never;

type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [Path];

/** A concrete path fits a route's path segment by segment; a parameter (":id") takes any one segment. */
type Fits<Route extends string[], Concrete extends string[]> = Route extends [infer R extends string, ...infer RestR extends string[]]
  ? Concrete extends [infer C extends string, ...infer RestC extends string[]]
    ? R extends `:${string}`
      ? C extends ""
        ? false
        : Fits<RestR, RestC>
      : [R, C] extends [C, R]
        ? Fits<RestR, RestC>
        : false
    : false
  : Concrete extends []
    ? true
    : false;

type RoutesOf<Key extends string> = Key extends `${infer Method} ${infer Path}`
  ? Routes extends infer R
    ? R extends { method: Method; path: infer P extends string }
      ? Fits<Segments<P>, Segments<Path>> extends true
        ? R
        : never
      : never
    : never
  : never;

/** What a route may answer: one of its JSON bodies with its status, or a file for a route that sends one. */
type AnswerOf<Endpoint> = Endpoint extends { output: infer Output; outputFormat: "json"; status: infer Status extends number }
  ? JsonAnswer<Output, Status>
  : FileAnswer;

type Answers<Key extends string> = RoutesOf<Key> extends { endpoint: infer E } ? AnswerOf<E> | ErrorAnswer : never;

/** One entry of a table: a response, or a function of the call that makes one. */
export type Answer<A> = Stubbed<A> | ((call: Call) => Stubbed<A>);

/** A key that is not a route names the mistake in the type error; a computed key must be a literal. */
export type StubTable<Table> = {
  [Key in keyof Table]: Key extends string
    ? string extends Key
      ? 'a key must be a literal "METHOD /path" (a computed key of type string is not checked)'
      : [RoutesOf<Key>] extends [never]
        ? `no route of the API answers ${Key}`
        : Answer<Answers<Key>>
    : never;
};

const notFound = (call: Call) =>
  new Response(JSON.stringify({ error: "Not Found", message: `no stub for ${call.method} ${call.url}` }), { status: 404 });

export function stubApi<const Table extends StubTable<Table>>(
  table: Table,
  { fallback = notFound }: { fallback?: (call: Call) => Response } = {},
) {
  const entries = table as Record<string, Response | ((call: Call) => Response)>;
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const url = String(input);
      const text = typeof init.body === "string" ? init.body : null;
      const call = { method, url, key: `${method} ${url.split("?")[0]}`, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const answer = entries[call.key];
      if (!answer) return fallback(call);
      return typeof answer === "function" ? answer(call) : answer.clone();
    }),
  );
  return calls;
}
