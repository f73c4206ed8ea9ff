import { describe, expect, it } from "vitest";
import { pseudoMessage, pseudoText } from "./pseudo";

describe("the pseudo-locale (browser suite and local runs only)", () => {
  it("accents and lengthens each word by about 40 %, keeping placeholders exactly", () => {
    const out = pseudoText("Save {count} photos for {name}");
    expect(out).toBe("[SávéSá {count} phötöšphö förfö {name}]");
    expect(out).toContain("{count}");
    expect(out).toContain("{name}");
    expect(out).not.toMatch(/Save|photos/);
    const letters = "Save  photos for ".length;
    expect(out.length - "Save {count} photos for {name}".length).toBeGreaterThanOrEqual(Math.ceil(letters * 0.4));
  });

  it("keeps a plural's declarations and selectors, changing only its texts", () => {
    const plural = [
      { declarations: ["input count"], selectors: ["c"], match: { "c=one": "{count} headshot", "c=other": "{count} headshots" } },
    ];
    const out = pseudoMessage(plural) as typeof plural;
    expect(out[0]!.declarations).toEqual(["input count"]);
    expect(out[0]!.match["c=one"]).toBe("[{count} héádšhöthéád]");
  });
});
