import { afterEach, describe, expect, it, vi } from "vitest";
import { answerNull, apiError, failure, file, json, stubApi } from "./stub-api";
import { testHeadshot } from "./render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const credits = { remaining: 1, totalUsed: 1, isVerified: true, teamSeat: false };

describe("the web tests' fetch stub", () => {
  it("answers by method and path, whatever the query; each call gets its own copy; the rest gets the fallback", async () => {
    const calls = stubApi({ "GET /api/users/credits": json(credits) });
    const first = await fetch("/api/users/credits?x=1");
    const second = await fetch("/api/users/credits");
    expect([await first.json(), await second.json()]).toEqual([credits, credits]);
    const missing = await fetch("/api/team", { method: "POST", body: JSON.stringify({ name: "Acme" }) });
    expect(missing.status).toBe(404);
    expect(calls.map((c) => [c.key, c.body])).toEqual([
      ["GET /api/users/credits", null],
      ["GET /api/users/credits", null],
      ["POST /api/team", { name: "Acme" }],
    ]);
  });

  it("the helpers answer what they say: an error's status and body, a failure's text, a file's headers", async () => {
    stubApi(
      {
        "GET /api/headshots/h1": apiError(404, { error: "Not Found", message: "Headshot not found." }),
        "POST /api/stripe/sync-subscription": failure(502, "Bad Gateway"),
        "GET /api/admin/export/users.csv": file("id\r\n", { "Content-Type": "text/csv" }),
      },
      { fallback: answerNull },
    );
    const notFound = await fetch("/api/headshots/h1");
    // every refusal carries its code (domain/errors.ts): the stub fills in the status's generic one
    expect([notFound.status, await notFound.json()]).toEqual([
      404,
      { error: "Not Found", code: "not_found", message: "Headshot not found." },
    ]);
    const bad = await fetch("/api/stripe/sync-subscription", { method: "POST" });
    expect([bad.status, bad.statusText, await bad.text()]).toEqual([502, "Bad Gateway", ""]);
    const csv = await fetch("/api/admin/export/users.csv");
    expect([csv.headers.get("Content-Type"), await csv.text()]).toEqual(["text/csv", "id\r\n"]);
    expect(await (await fetch("/api/stripe/subscription")).json()).toBeNull();
  });

  // Each line under @ts-expect-error must fail the type check, or `tsc -b` fails on the unused directive.
  it("refuses at compile time what the API does not answer", () => {
    stubApi({
      // @ts-expect-error: not a route of the API
      "GET /api/nothing": json({}),
      // @ts-expect-error: the credits route answers `remaining`, not `left`
      "GET /api/users/credits": json({ left: 1, totalUsed: 1, isVerified: true, teamSeat: false }),
      // @ts-expect-error: creating a team answers 201
      "POST /api/team": json({ id: "t1", name: "Acme" }),
      // @ts-expect-error: a headshot's status is never null
      "GET /api/headshots/h1/status": answerNull,
      // @ts-expect-error: a bare Response says nothing the type checker could check
      "GET /api/team": () => new Response("null"),
      // @ts-expect-error: the subscription route answers JSON, not a file
      "GET /api/stripe/subscription": file("", {}),
      "GET /api/headshots/h1": json(testHeadshot()), // a whole headshot type-checks
    });
    const id: string = "h1";
    // @ts-expect-error: a key of type string could be any path: it must be a literal
    stubApi({ [`GET /api/headshots/${id}`]: json({}) });
  });
});
