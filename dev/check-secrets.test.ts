import { describe, expect, it } from "vitest";
import { PRODUCTION_SECRETS } from "../worker/production-config";
import { missingSecrets } from "./check-secrets";

const listed = (names: readonly string[]) => JSON.stringify(names.map((name) => ({ name, type: "secret_text" })));

describe("the deploy's secrets check", () => {
  it("passes when wrangler lists every production secret", () => {
    expect(missingSecrets(listed([...PRODUCTION_SECRETS, "SOMETHING_ELSE"]))).toEqual([]);
  });

  it("names every missing secret", () => {
    const some = PRODUCTION_SECRETS.filter((n) => n !== "MAIL_API_KEY" && n !== "STRIPE_WEBHOOK_SECRET");
    expect(missingSecrets(listed(some))).toEqual(["STRIPE_WEBHOOK_SECRET", "MAIL_API_KEY"]);
    expect(missingSecrets("[]")).toEqual([...PRODUCTION_SECRETS]);
  });

  it("refuses an answer that is not wrangler's list", () => {
    expect(() => missingSecrets('{"error":"not logged in"}')).toThrow(/JSON array/);
  });
});
