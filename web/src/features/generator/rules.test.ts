import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/client";
import { MESSAGES, PROGRESS_CAP } from "@/lib/domain";
import { describeGenerateError, nextProgress } from "./rules";

const apiError = (status: number, body: unknown) => new ApiError(status, "", JSON.stringify(body));

describe("progress rule", () => {
  it("rises by 5 per poll and is capped at 90", () => {
    let p = 0;
    const seen: number[] = [];
    for (let i = 0; i < 25; i++) seen.push((p = nextProgress(p)));
    expect(seen.slice(0, 4)).toEqual([5, 10, 15, 20]);
    expect(seen[17]).toBe(90);
    expect(Math.max(...seen)).toBe(PROGRESS_CAP);
    expect(nextProgress(88)).toBe(90);
  });
});

describe("generate error mapping (SPEC §8)", () => {
  it("email verification → its toast and scroll to top", () => {
    const v = describeGenerateError(apiError(403, { message: "", code: "email_unverified", requiresEmailVerification: true }));
    expect(v).toEqual({
      title: "Email Verification Required",
      description: MESSAGES.verifyFirst,
      subscriptionDialog: false,
      scrollToTop: true,
    });
  });
  it("free credits used → toast and the Subscription Required dialog", () => {
    const v = describeGenerateError(
      apiError(402, { error: "Payment Required", message: "Custom", code: "subscription_required", requiresSubscription: true }),
    );
    expect(v).toMatchObject({ title: "Free Credits Used", description: "Custom", subscriptionDialog: true });
    expect(describeGenerateError(apiError(402, { code: "subscription_required", requiresSubscription: true })).description).toBe(
      MESSAGES.freeUsed,
    );
  });
  it("the refusal's code decides, never its words (decision 331)", () => {
    const coded = describeGenerateError(
      apiError(402, { error: "Payment Required", message: "Upgrade for every style", code: "subscription_required" }),
    );
    expect(coded).toMatchObject({ title: "Free Credits Used", description: "Upgrade for every style", subscriptionDialog: true });
    expect(describeGenerateError(apiError(403, { message: "", code: "email_unverified" }))).toMatchObject({ scrollToTop: true });
    // a subscriber over fair use is not asked to subscribe, whatever the sentence says
    const v = describeGenerateError(apiError(429, { error: "Too Many Requests", message: "Your subscription allows 30 an hour" }));
    expect(v).toMatchObject({ title: "Error", description: "Your subscription allows 30 an hour", subscriptionDialog: false });
  });
  it("otherwise 'Error' with the message, else the error, else the fallback", () => {
    expect(describeGenerateError(apiError(400, { error: "Bad Request", message: "Nope" })).description).toBe("Nope");
    expect(describeGenerateError(apiError(500, { error: "Internal Server Error" })).description).toBe("Internal Server Error");
    expect(describeGenerateError(new Error("network down"))).toMatchObject({ title: "Error", description: "Generation failed" });
    expect(describeGenerateError(new Error("x"), "Upload failed").description).toBe("Upload failed");
  });
});
