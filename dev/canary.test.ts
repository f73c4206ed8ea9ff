/**
 * The deploy's decisions (issue 47, decision 319): a Durable Object migration added to wrangler.toml means a full
 * deploy; the canary promotes a version whose 5xx share is no worse than the old one's and rolls back one that is.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { byVersion, canaryVerdict, migrationTags, MIN_REQUESTS, newMigrations, ratesQuery, versionRates } from "./canary";

const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");

describe("a Durable Object migration needs a full deploy", () => {
  it("reads the migrations' tags of wrangler.toml", () => {
    expect(migrationTags(toml)).toEqual(["v1-model-limiter"]);
  });

  it("finds a migration added since the base, in any environment; none when only other settings changed", () => {
    const added = `${toml}\n[[migrations]]\ntag = "v2-uploads"\nnew_sqlite_classes = ["UploadCounter"]\n`;
    expect(newMigrations(toml, added)).toEqual(["v2-uploads"]);
    expect(newMigrations(toml, `${toml}\n[[env.staging.migrations]]\ntag = "v2-staging"\n`)).toEqual(["v2-staging"]);
    expect(newMigrations(toml, toml.replace("max_batch_size = 4", "max_batch_size = 5"))).toEqual([]);
  });
});

describe("the canary's verdict from each version's 5xx share", () => {
  const old = { requests: 10_000, errors: 20 }; // 0.2 %
  it("promotes a version no worse than the old one, rolls back one clearly worse, waits on too little traffic", () => {
    expect(canaryVerdict({ requests: 1_000, errors: 3 }, old)).toBe("promote");
    expect(canaryVerdict({ requests: 1_000, errors: 40 }, old)).toBe("rollback"); // 4 %
    expect(canaryVerdict({ requests: MIN_REQUESTS - 1, errors: 1 }, old)).toBe("wait");
    // failing on most of what it answers is a rollback before MIN_REQUESTS; a stray error is not
    expect(canaryVerdict({ requests: 10, errors: 10 }, { requests: 0, errors: 0 })).toBe("rollback");
    expect(canaryVerdict({ requests: 20, errors: 2 }, { requests: 0, errors: 0 })).toBe("wait");
  });

  it("counts each version's requests and 5xx from the SQL API's rows", async () => {
    const rows = [
      { version: "new", class: "2xx", requests: "95" },
      { version: "new", class: "5xx", requests: "5" },
      { version: "old", class: "2xx", requests: 990 },
      { version: "old", class: "4xx", requests: 10 },
    ];
    expect(byVersion(rows)).toEqual(
      new Map([
        ["new", { requests: 100, errors: 5 }],
        ["old", { requests: 1000, errors: 0 }],
      ]),
    );
    let asked: { url: string; body: string; auth: string | null } | undefined;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      asked = { url, body: String(init.body), auth: new Headers(init.headers).get("Authorization") };
      return Response.json({ data: rows });
    }) as unknown as typeof fetch;
    const rates = await versionRates({ accountId: "acc", token: "tok", dataset: "headshot_studio", minutes: 3 }, fetchImpl);
    expect(rates.get("new")).toEqual({ requests: 100, errors: 5 });
    expect(asked).toEqual({
      url: "https://api.cloudflare.com/client/v4/accounts/acc/analytics_engine/sql",
      body: ratesQuery("headshot_studio", 3),
      auth: "Bearer tok",
    });
    expect(asked!.body).toContain("INTERVAL '3' MINUTE");
  });
});
