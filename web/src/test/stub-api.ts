/**
 * The one fetch stub of the web tests: answers from a table keyed by "METHOD /path" (the query string is
 * ignored) and records every call with its JSON body. A path the table lacks answers `fallback`: a JSON
 * 404 by default, or e.g. `answerNull` for tests that only care about some of the calls a page makes.
 */
import { vi } from "vitest";

export interface Call {
  method: string;
  url: string;
  /** "METHOD /path", as the table is keyed */
  key: string;
  body: unknown;
}

export type Answer = Response | ((call: Call) => Response);

const notFound = (call: Call) =>
  new Response(JSON.stringify({ error: "Not Found", message: `no stub for ${call.method} ${call.url}` }), { status: 404 });

/** `null` with 200: what the API answers for "nothing there" (no subscription, no downgrade). */
export const answerNull = () => new Response("null", { status: 200 });

export function stubApi(table: Record<string, Answer>, { fallback = notFound }: { fallback?: (call: Call) => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const url = String(input);
      const text = typeof init.body === "string" ? init.body : null;
      const call = { method, url, key: `${method} ${url.split("?")[0]}`, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const answer = table[call.key];
      if (!answer) return fallback(call);
      return typeof answer === "function" ? answer(call) : answer.clone();
    }),
  );
  return calls;
}

/** A JSON response (tables may hold it as is: each call gets a clone). */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
