/** Test helper for the admin tests: answers fetch from a table keyed by "METHOD /path" (query ignored). */
import { vi } from "vitest";

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export type Answer = Response | ((call: Call) => Response);

export function stubApi(table: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const text = typeof init.body === "string" ? init.body : null;
      const call = { method, url: String(input), body: text ? JSON.parse(text) : null };
      calls.push(call);
      const answer = table[`${method} ${call.url.split("?")[0]}`];
      if (!answer) return new Response(JSON.stringify({ error: "Not Found", message: `no stub for ${method} ${call.url}` }), { status: 404 });
      return typeof answer === "function" ? answer(call) : answer.clone();
    }),
  );
  return calls;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
