import { describe, expect, it } from "vitest";
import { creditsBadge } from "./credits-badge-rule";

describe("credits badge rule (SPEC §4)", () => {
  it("shows the count left for a verified free user", () => {
    expect(creditsBadge({ remaining: 2, totalUsed: 0, isVerified: true, teamSeat: false }, false)).toMatchObject({
      kind: "remaining",
      text: "2 free generations left",
    });
    expect(creditsBadge({ remaining: 1, totalUsed: 1, isVerified: true, teamSeat: false }, false)?.text).toBe("1 free generation left");
  });
  it("offers 'Upgrade for unlimited' once all are used", () => {
    expect(creditsBadge({ remaining: 0, totalUsed: 2, isVerified: true, teamSeat: false }, false)).toEqual({
      kind: "upgrade",
      text: "Upgrade for unlimited",
    });
  });
  it("is hidden when unverified, subscribed, unknown, or nothing left and nothing used", () => {
    expect(creditsBadge({ remaining: 2, totalUsed: 0, isVerified: false, teamSeat: false }, false)).toBeNull();
    expect(creditsBadge({ remaining: 2, totalUsed: 0, isVerified: true, teamSeat: false }, true)).toBeNull();
    expect(creditsBadge(undefined, false)).toBeNull();
    expect(creditsBadge({ remaining: 0, totalUsed: 0, isVerified: true, teamSeat: false }, false)).toBeNull();
  });
});
