import { describe, expect, it } from "vitest";
import { likenessMeaning, likenessPercent } from "./likeness";

describe("likeness", () => {
  it("maps the descriptor distance to a percentage: face-api's same-person line at 50%", () => {
    expect(likenessPercent(0)).toBe(100);
    expect(likenessPercent(0.3)).toBe(75);
    expect(likenessPercent(0.6)).toBe(50);
    expect(likenessPercent(0.87)).toBe(28);
    expect(likenessPercent(1.2)).toBe(0);
    expect(likenessPercent(1.6)).toBe(0);
  });

  it("says what the percentage means, with the model's line between good and weak", () => {
    expect(likenessMeaning(100)).toBe("Strong likeness: clearly you.");
    expect(likenessMeaning(65)).toBe("Strong likeness: clearly you.");
    expect(likenessMeaning(64)).toBe("Good likeness: recognisably you.");
    expect(likenessMeaning(50)).toBe("Good likeness: recognisably you.");
    expect(likenessMeaning(49)).toBe("Weak likeness: may not look like you.");
    expect(likenessMeaning(0)).toBe("Weak likeness: may not look like you.");
  });
});
